/**
 * The paused panel of /mapping/track pauses following too (issue 18): the person who taps the screen is the
 * one the robot follows, so while the panel is open follow-me is stopped (POST api/follow-me/stop), and it
 * starts again (POST api/follow-me/start) when the panel closes on Resume or the track page shows again after
 * an edit. Ending stops it anyway. Pure.
 */
import type { Ctx, DraftState } from '../context';
import { log } from '../context';
import type { CallError } from '../calls/pending';
import { request } from '../calls/request';

/** After a panel change (or entering /mapping/track): follow-me follows whether the panel is open. */
export function syncFollow(d: DraftState, ctx: Ctx): void {
  const m = d.mapEdit;
  if (d.route.path !== '/mapping/track') return;
  const open = m.panel !== 'default';
  if (open && !m.followPaused) {
    m.followPaused = true;
    request(d, ctx, 'followPause', 'POST', 'api/follow-me/stop');
  } else if (!open && m.followPaused) {
    m.followPaused = false;
    d.follow.resuming = true;
    request(d, ctx, 'followResume', 'POST', 'api/follow-me/start');
  }
}

/** Ending the mapping stops follow-me itself: nothing to restart afterwards. */
export function followEnded(d: DraftState): void {
  d.mapEdit.followPaused = false;
}

/** Only logged: the panel works the same; the robot's own state decides what it does. */
export function followCallFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  d.follow.resuming = false;
  log(ctx, 'warn', `follow-me pause or resume failed: ${error.code}`);
}
