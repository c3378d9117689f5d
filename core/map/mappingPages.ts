/** /mapping/track's paused panel and /mapping/edit's buttons. */
import type { Ctx, DraftState } from '../context';
import { navigate } from '../navigate';
import { request } from '../calls/request';
import { encodeLocation } from './location';
import { panelTransition, type PanelAction } from './panel';
import { mappingWaitExited } from './waitExit';
import { syncFollow } from './followPause';

export function mappingPanel(d: DraftState, ctx: Ctx, action: PanelAction | 'save' | 'finish' | 'exitWait'): void {
  const m = d.mapEdit;
  if (action === 'exitWait') return mappingWaitExited(d, ctx);
  if (action === 'save') {
    if (d.route.path !== '/mapping/edit' || m.editType !== 'edit') return;
    // Save and continue means mapping carries on: following starts again on the track page, also after a reload
    // of the edit page, which forgot that following was paused for it (issue 34).
    m.followPaused = true;
    navigate(d, ctx, '/mapping/track');
    return;
  }
  if (action === 'finish') {
    if (d.route.path !== '/mapping/edit' || m.editType !== 'end' || m.busy) return;
    m.busy = true;
    m.error = null;
    request(d, ctx, 'mappingStop', 'POST', 'api/mapping/stop');
    return;
  }
  if (d.route.path !== '/mapping/track') return;
  const next = panelTransition(m.panel, action);
  m.panel = next.state;
  // Going on to the edit page keeps following paused (the track page resumes it when it shows again).
  if (!next.goTo) return syncFollow(d, ctx);
  let search = `type=${next.goTo.type}`;
  const robot = d.map.robot;
  if (next.goTo.withRobotPosition && robot) {
    const location = { name: '', x: robot.x, y: robot.y, orientation: null, resolution: d.map.resolution };
    search += `&location=${encodeLocation(location)}`;
  }
  navigate(d, ctx, '/mapping/edit', { search });
}
