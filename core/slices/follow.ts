/** Following a person while mapping (the live map itself is taken in by core/map/accept.ts). */
import type { Ctx, DraftState } from '../context';
import { navigate } from '../navigate';

/** robot/userFollowed: following; on /mapping/wait the page moves to /mapping/track. */
export function followFound(d: DraftState, ctx: Ctx): void {
  d.follow.following = true;
  if (d.route.path === '/mapping/wait') navigate(d, ctx, '/mapping/track');
}

export function followLost(d: DraftState): void {
  d.follow.following = false;
}
