/** Rejected inputs: a count and the last few, as a ring buffer (no shifting on the hot path). */
export interface Rejection {
  at: number;
  source: string;
  reason: string;
}

export interface RejectionsState {
  count: number;
  recent: Rejection[];
  next: number;
}

export const REJECTIONS_KEPT = 50;

export function initialRejections(): RejectionsState {
  return { count: 0, recent: [], next: 0 };
}
