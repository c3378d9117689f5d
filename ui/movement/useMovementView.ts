/** The names the movement screen shows, looked up from the definition the movement runs. */
import { useCore, shallowEqual } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { ANYONE_ID, currentActivity, movementDefinition } from '../../core/missions/views';
import type { State } from '../../core/state';
import { infoStepIndex } from '../../core/missions/infoStep';

/** Recipient names; an activity with none (a path step sent with recipients 0) is for anyone in the area. */
function names(s: State, ids: number[], anyone: string): string {
  if (ids.length === 0) return anyone;
  return ids.map((id) => (id === ANYONE_ID ? anyone : (s.missions.recipients.find((r) => r.id === id)?.name ?? `#${id}`))).join(', ');
}

const destinationName = (s: State, id: number | undefined) => s.missions.destinations.find((d) => d.id === id)?.name ?? '';

export function useMovementView() {
  const t = useT();
  const anyone = t('missions.anyone');
  const base = t('movement.base');
  return useCore((s) => {
    const def = movementDefinition(s);
    const cur = currentActivity(s);
    const step = def?.steps[s.movement.stepIndex];
    const next = def?.steps[s.movement.stepIndex + 1];
    // DIRECTION and TO describe the step the headline names (core/missions/infoStep.ts).
    const shown = infoStepIndex(s) === s.movement.stepIndex ? step : next;
    const shownActivity = shown === step ? (cur?.activity ?? step?.activities[0]) : shown?.activities[0];
    return {
      missionName: def?.name ?? '',
      direction: destinationName(s, shown?.destination_id),
      to: names(s, shownActivity?.recipients ?? [], anyone),
      activityId: cur?.activity.activity_id ?? null,
      nextDestination: next ? destinationName(s, next.destination_id) : base,
      nextRecipients: next ? names(s, next.activities[0]?.recipients ?? [], anyone) : anyone,
    };
  }, shallowEqual);
}
