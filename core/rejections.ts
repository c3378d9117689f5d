/** Rejected inputs are recorded, logged and otherwise ignored. */
import type { State } from './state';
import { REJECTIONS_KEPT } from './rejectionsState';
import { plainOf } from './patched';
import { log, type Ctx, type DraftState } from './context';

/** Records a rejection on the draft: count, ring-buffer entry and a log effect. */
export function reject(d: DraftState, ctx: Ctx, source: string, reason: string): void {
  d.rejections = rejected(plainOf(d.rejections), { source, reason }, ctx);
}

/** A rejected input as a slice handler takes it: where it came from and why. */
export interface Refusal {
  source: string;
  reason: string;
}

/** The rejections slice with one more: count, ring-buffer entry, and a log effect. Pure. */
export function rejected(r: State['rejections'], { source, reason }: Refusal, ctx: Pick<Ctx, 'at' | 'effects'>): State['rejections'] {
  const entry = { at: ctx.at, source, reason };
  const recent = r.recent.slice();
  if (recent.length < REJECTIONS_KEPT) recent.push(entry);
  else recent[r.next] = entry;
  log(ctx, 'warn', `rejected ${source}: ${reason}`);
  return { count: r.count + 1, recent, next: (r.next + 1) % REJECTIONS_KEPT };
}

/** A short, readable reason from a zod error (the first issue, with its path). */
export function zodReason(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Rejections in the order they happened (oldest first). Pure selector. */
export function recentRejections(r: { recent: readonly { at: number; source: string; reason: string }[]; next: number }) {
  if (r.recent.length < REJECTIONS_KEPT) return r.recent.slice();
  return [...r.recent.slice(r.next), ...r.recent.slice(0, r.next)];
}

/** The reason of the latest rejection in `s`. Pure selector. */
export function lastRejectionReason(s: Pick<State, 'rejections'>): string {
  const r = s.rejections;
  return r.recent[(r.next + r.recent.length - 1) % r.recent.length]?.reason ?? 'rejected';
}
