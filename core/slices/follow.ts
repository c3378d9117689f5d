/** Following a person while mapping, and the live map's metadata (the pixels stay out of state). */
import type { Ctx, DraftState } from '../context';
import type { WsData } from '../schemas/ws';
import { navigate } from '../navigate';

/** robot/userFollowed: following; on /mapping/wait the page moves to /mapping/track. */
export function followFound(d: DraftState, ctx: Ctx): void {
  d.follow.following = true;
  if (d.route.path === '/mapping/wait') navigate(d, ctx, '/mapping/track');
}

export function followLost(d: DraftState): void {
  d.follow.following = false;
}

/**
 * A live map update. The image itself is large and stays with the shell; state keeps a version and the
 * geometry, so the view knows when to fetch new pixels.
 */
export function mapUpdated(d: DraftState, data: WsData<'mapping/mapUpdate'>): void {
  d.map.version += 1;
  d.map.origin = data.origin;
  d.map.resolution = data.resolution;
  d.map.robot = data.robot;
}
