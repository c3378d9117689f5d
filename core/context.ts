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
  /**
   * What entering and leaving a page starts or stops (slices/pages.ts), handed in by `step`. `navigate` calls
   * the hooks through here rather than importing them: the slices the hooks call navigate themselves, so an
   * import would close a circle.
   */
  pages: PageHooks;
}

/** The page enter/leave hooks `navigate` runs. Pure: they change the draft and append effects. */
export interface PageHooks {
  enter(d: DraftState, ctx: Ctx, path: string, from: string): void;
  leave(d: DraftState, ctx: Ctx, from: string, to: string): void;
}

export function log(ctx: Ctx, level: 'info' | 'warn' | 'error', message: string): void {
  ctx.effects.push({ type: 'log', level, message });
}
