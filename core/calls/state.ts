/** The calls under way: request ids come from a counter in state, so recorded answers pair on replay. */
import type { PendingCall } from './pending';

export interface RequestsState {
  nextId: number;
  pending: Record<number, PendingCall>;
}

export function initialRequests(): RequestsState {
  return { nextId: 1, pending: {} };
}
