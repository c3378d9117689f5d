/** What every reducer gets besides the draft: the time it runs at and the list it appends effects to. */
import type { Draft } from 'immer';
import type { Effect } from './effects';
import type { State } from './state';
import type { MapSide } from './map/grid';

export type DraftState = Draft<State>;

export interface Ctx {
  /** The time of the event being handled, or of the timer being fired. */
  at: number;
  effects: Effect[];
  /** The decoded map grids beside the state (for hit-testing), when the caller has them. */
  side?: MapSide;
}

export function log(ctx: Ctx, level: 'info' | 'warn' | 'error', message: string): void {
  ctx.effects.push({ type: 'log', level, message });
}
