/** Following a person while mapping (the live map itself is taken in by core/map/accept.ts). */
import type { SliceCtx } from '../context';
import type { State } from '../state';
import { navigate } from '../navigate';
import { patched } from '../patched';

/** robot/userFollowed: following; on /mapping/wait the page moves to /mapping/track. Pure. */
export function followFound(f: State['follow'], _data: unknown, ctx: SliceCtx): State['follow'] {
  if (ctx.state.route.path === '/mapping/wait') ctx.then((d, c) => navigate(d, c, '/mapping/track'));
  return patched(f, { following: true, resuming: false });
}

export function followLost(f: State['follow']): State['follow'] {
  return patched(f, { following: false, resuming: false });
}
