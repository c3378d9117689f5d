/**
 * /mapping/wait's Exit (and its picture): the robot must not stay mapping and following a person with nothing
 * on screen (issue 18). Exit stops mapping (the robot stores what it mapped) and then follow-me, through the
 * same calls as ending on /mapping/edit?type=end; their answers go to /missions. The page asks first. Pure.
 */
import type { Ctx, DraftState } from '../context';
import { request } from '../calls/request';

export function mappingWaitExited(d: DraftState, ctx: Ctx): void {
  const m = d.mapEdit;
  if (d.route.path !== '/mapping/wait' || m.busy) return;
  m.busy = true;
  m.error = null;
  request(d, ctx, 'mappingStop', 'POST', 'api/mapping/stop');
}
