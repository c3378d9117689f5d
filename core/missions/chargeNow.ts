/**
 * What the one-tap charging mission does to the mission the robot is on (issue 42): it goes now, so that mission
 * is stopped, and the confirmation says so before the tap; and the charge, once asked, is shown waiting until
 * it leaves. Pure views over state, with no reducer imports, so the alert overlay (on the first screen's bundle)
 * can ask them.
 */
import type { State } from '../state';

type View = Pick<State, 'movement' | 'missions'>;

const isChargingDef = (def: { kind?: string } | undefined): boolean => def?.kind === 'charging';

/**
 * The mission a charging request would stop: the movement this kiosk follows, else the back end's current
 * mission; null when the robot is on none, or on the charge itself. `name` is '' for a quick mission. Pure.
 */
export function missionChargingStops(s: View): { id: number; name: string } | null {
  const m = s.movement;
  const live = m.state !== 'noMission' && m.state !== 'failed' ? m.missionId : null;
  const id = live ?? s.missions.current?.definition_id ?? null;
  if (id === null) return null;
  const def = s.missions.definitions.find((x) => x.id === id);
  if (isChargingDef(def)) return null;
  return { id, name: def?.name ?? '' };
}

/** The charging mission this kiosk asked for that has not left yet, or null. Pure. */
export function queuedCharge(s: Pick<State, 'missions'>): number | null {
  const { queued, definitions } = s.missions;
  for (const id of queued) if (isChargingDef(definitions.find((def) => def.id === id))) return id;
  return null;
}
