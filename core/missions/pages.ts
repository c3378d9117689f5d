/** What entering a missions or movement page starts: the list reloads, the wizards and movement load once. */
import type { Ctx, DraftState } from '../context';
import { ensureMissions, loadMissions } from './combinedLoad';
import { listShown, loadLastRuns } from './runs';

export function enterMissionsPage(d: DraftState, ctx: Ctx, path: string): void {
  if (d.missions.save !== 'pending') {
    d.missions.save = 'idle';
    d.missions.saveError = null;
  }
  // The list is always fresh; a reloaded movement page needs GET api/current_mission to come back.
  if (path === '/missions' || path.startsWith('/movement/')) {
    loadMissions(d, ctx);
    loadLastRuns(d, ctx);
  }
  if (path === '/missions') listShown(d, ctx);
  else if (path.startsWith('/missions/')) ensureMissions(d, ctx);
}
