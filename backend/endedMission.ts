/** The record of a mission that ended (api.md EndedMission), made from its run and its definition. Pure. */
import { iso, type CurrentMission, type EndedMission, type MissionDefinition } from './types';

/**
 * What the ended missions list keeps of run `c` of `def` at `now` (ms): each activity completed or not, and for
 * an uncompleted run how it ended (api.md `outcome`, `reason`), so a list loaded later can tell.
 */
export function endedRecord(
  c: CurrentMission,
  def: MissionDefinition | undefined,
  status: 'completed' | 'uncompleted',
  end: Pick<EndedMission, 'outcome' | 'reason'>,
  now: number,
): Omit<EndedMission, 'id'> {
  return {
    definition_id: c.definition_id,
    started_at: c.started_at,
    ended_at: iso(now),
    status,
    distance: Math.round(c.distance * 100) / 100,
    steps: (def?.steps ?? []).map((s, step) => ({
      destination_id: s.destination_id,
      activities: s.activities.map((a) => {
        const p = c.activities.find((x) => x.step === step && x.idx === a.idx);
        const done = p?.status === 'completed';
        return { activity_id: a.activity_id, performed_at: done ? (p?.performed_at ?? null) : null, status: done ? 'completed' : 'uncompleted' };
      }),
    })),
    ...(status === 'uncompleted' ? end : {}),
  };
}
