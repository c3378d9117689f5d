/**
 * An action refused because the session ended (issue 42): a filled-in quick mission's "Start mission", "Go to
 * Base" under the low-battery alert. The call is held, not failed (its draft and its waiting state stay), the
 * person logs in, and the same call goes out again once the login has gone where it leads; a login much later
 * fails it as a refusal would have, so an old tap is not carried out unseen. Only the answer's reader
 * (core/calls/answer.ts) calls these, as they need the call table. Pure.
 */
import { current, isDraft } from 'immer';
import type { Ctx, DraftState } from '../context';
import type { PendingCall } from './pending';
import { isPending, requestResendable } from './request';
import { CALLS } from './registry';

/** How long a refused action waits for the login: beyond it the person is shown it failed (5 minutes). */
export const RESEND_WITHIN_MS = 5 * 60_000;

/** Holds `pending`'s call for the login; an older one still held fails now (one action waits, the last). */
export function holdRefused(d: DraftState, ctx: Ctx, pending: PendingCall & { resend: NonNullable<PendingCall['resend']> }): void {
  failHeld(d, ctx);
  d.session.refused = { call: pending.call, ...pending.resend, meta: pending.meta, at: ctx.at };
}

/**
 * After an answer: once the person is logged in again and the login has gone where it leads (its map check
 * answered), the held call goes out again; if it waited too long, it fails.
 */
export function settleRefused(d: DraftState, ctx: Ctx): void {
  if (!d.session.refused || !d.session.login || isPending(d, 'login') || isPending(d, 'latestMap')) return;
  // A plain copy: its body goes out in an effect, beyond this turn's drafts.
  const held = isDraft(d.session.refused) ? current(d.session.refused) : d.session.refused;
  if (ctx.at - held.at > RESEND_WITHIN_MS) return failHeld(d, ctx);
  delete d.session.refused;
  requestResendable(d, ctx, held.call, held.method, held.path, held.body, held.meta);
}

function failHeld(d: DraftState, ctx: Ctx): void {
  const held = d.session.refused;
  if (!held) return;
  delete d.session.refused;
  CALLS[held.call].fail(d, ctx, { status: 401, code: 'unauthenticated', message: 'the session ended' }, held.meta);
}
