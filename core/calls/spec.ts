/** How a call's answer is read, as the registry (core/calls/registry.ts) and the areas' call tables type it. */
import type * as z from 'zod/mini';
import type { Ctx, DraftState } from '../context';
import type { CallError, PendingCall } from './pending';

export interface CallSpec<T> {
  /** The schema of the answer's `data`, built on its first use (core/schemas/once.ts). */
  schema: () => z.ZodMiniType<T>;
  /** The empty default a failed call resolves to (`[]` or `{}`); none where a default would mislead. */
  empty?: unknown;
  ok(d: DraftState, ctx: Ctx, data: T, meta: PendingCall['meta']): void;
  /** A JSON error body, or an answer that does not fit the schema. */
  fail(d: DraftState, ctx: Ctx, error: CallError, meta: PendingCall['meta']): void;
}

/** A call's spec as the tables hold it: its handlers typed by its schema here, its data unknown there. */
export function spec<T>(s: CallSpec<T>): CallSpec<unknown> {
  return s as unknown as CallSpec<unknown>;
}
