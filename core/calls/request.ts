/** Issues a call: picks the next request id, remembers what it was for, and emits the effect. */
import type { HttpMethod } from '../effects';
import type { Ctx, DraftState } from '../context';
import type { CallName, PendingCall } from './pending';

export function request(
  d: DraftState,
  ctx: Ctx,
  call: CallName,
  method: HttpMethod,
  path: string,
  body?: unknown,
  meta: PendingCall['meta'] = null,
): number {
  const id = d.requests.nextId;
  d.requests.nextId = id + 1;
  d.requests.pending[id] = { call, meta };
  ctx.effects.push(body === undefined ? { type: 'http/request', id, method, path } : { type: 'http/request', id, method, path, body });
  return id;
}

/**
 * A call a person's action makes (start a mission, go to charge): if the back end refuses it because the session
 * ended, it waits for the login and is sent again then (core/calls/refused.ts), rather than failing. Its body
 * must hold no `$secret`.
 */
export function requestResendable(
  d: DraftState,
  ctx: Ctx,
  call: CallName,
  method: HttpMethod,
  path: string,
  body?: unknown,
  meta: PendingCall['meta'] = null,
): number {
  const id = request(d, ctx, call, method, path, body, meta);
  d.requests.pending[id]!.resend = body === undefined ? { method, path } : { method, path, body };
  return id;
}

/** Whether a call of this kind is still waiting for its answer. */
export function isPending(d: { requests: { pending: Record<number, PendingCall> } }, call: CallName): boolean {
  for (const key in d.requests.pending) if (d.requests.pending[key]?.call === call) return true;
  return false;
}
