/** Whether a mission runs: its own tiny module, so the shell's Power Off can ask without loading the missions code. */
import type { State } from '../state';

/** As far as this kiosk knows: the movement it follows, or the back end's current mission. Pure. */
export function missionRunning(s: Pick<State, 'movement' | 'missions'>): boolean {
  return (s.movement.state !== 'noMission' && s.movement.state !== 'failed') || s.missions.current !== null;
}
