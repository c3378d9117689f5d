/** Pairs an answer with its request and hands it to the call's handler. */
import type { Ctx, DraftState } from '../context';
import { check } from '../schemas/check';
import { log } from '../context';
import type { HttpEvent } from '../events';
import { errorBodySchema } from '../schemas/entities';
import { reject, zodReason } from '../rejections';
import { CALLS } from './registry';
import { asksLogin, sessionEnded } from '../session/serverSession';
import { holdRefused, settleRefused } from './refused';

export function httpAnswered(d: DraftState, ctx: Ctx, event: HttpEvent): void {
  answered(d, ctx, event);
  // A refused action waits for the login's answers (issue 42).
  if (d.session.refused) settleRefused(d, ctx);
}

function answered(d: DraftState, ctx: Ctx, event: HttpEvent): void {
  const pending = d.requests.pending[event.id];
  if (!pending) {
    reject(d, ctx, 'http', `answer to unknown request ${event.id}`);
    return;
  }
  delete d.requests.pending[event.id];
  const call = CALLS[pending.call];
  const meta = pending.meta;

  if (event.type === 'http/failed') {
    // A network failure or a non-JSON answer resolves to the empty default and is logged (api.md).
    log(ctx, 'warn', `${pending.call} failed: ${event.reason}`);
    const fallback = 'empty' in call ? check(call.schema(), call.empty) : null;
    if (fallback?.success) call.ok(d, ctx, fallback.data, meta);
    else call.fail(d, ctx, { status: 0, code: 'network', message: event.reason }, meta);
    return;
  }

  if (event.status < 200 || event.status >= 300) {
    const body = check(errorBodySchema(), event.body);
    if (!body.success) {
      reject(d, ctx, `http ${pending.call}`, `status ${event.status} without an error body`);
      call.fail(d, ctx, { status: event.status, code: 'invalid_answer', message: `status ${event.status}` }, meta);
      return;
    }
    log(ctx, 'warn', `${pending.call} rejected: ${body.data.error.code}`);
    const from = { path: d.route.path, search: d.route.search };
    const ended = event.status === 401 && body.data.error.code === 'unauthenticated';
    // An action refused by an ended session waits for the login and goes out again then (issue 42).
    if (ended && pending.resend && asksLogin(d, from)) {
      holdRefused(d, ctx, { ...pending, resend: pending.resend });
      sessionEnded(d, ctx, from);
      return;
    }
    call.fail(d, ctx, { status: event.status, ...body.data.error }, meta);
    // The session ended on the server (api.md, Sessions): log in again, then back to the page.
    if (ended) sessionEnded(d, ctx, from);
    return;
  }

  const envelope = event.body as { data?: unknown } | null;
  const parsed = check(call.schema(), envelope && typeof envelope === 'object' ? envelope.data : undefined);
  if (!parsed.success) {
    // Recorded as a rejection; the waiting page still learns the call did not succeed, so nothing hangs.
    reject(d, ctx, `http ${pending.call}`, zodReason(parsed.error));
    call.fail(d, ctx, { status: event.status, code: 'invalid_answer', message: zodReason(parsed.error) }, meta);
    return;
  }
  call.ok(d, ctx, parsed.data, meta);
}
