/** Rejected inputs are recorded, logged and otherwise ignored. */
import { REJECTIONS_KEPT } from './state';
import { log, type Ctx, type DraftState } from './context';

/** Records a rejection on the draft: count, ring-buffer entry and a log effect. */
export function reject(d: DraftState, ctx: Ctx, source: string, reason: string): void {
  const r = d.rejections;
  const entry = { at: ctx.at, source, reason };
  if (r.recent.length < REJECTIONS_KEPT) r.recent.push(entry);
  else r.recent[r.next] = entry;
  r.next = (r.next + 1) % REJECTIONS_KEPT;
  r.count += 1;
  log(ctx, 'warn', `rejected ${source}: ${reason}`);
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
