/** What every reducer gets besides the draft: the time it runs at and the list it appends effects to. */
import type { Draft } from 'immer';
import type { Effect } from './effects';
import type { State } from './state';
import type { MapSide } from './map/grid';
import type { TimerId } from './timers';

export type DraftState = Draft<State>;

export interface Ctx {
  /** The time of the event being handled, or of the timer being fired. */
  at: number;
  effects: Effect[];
  /** The decoded map grids beside the state (for hit-testing), when the caller has them. */
  side?: MapSide;
  /**
   * What entering and leaving a page starts or stops (the areas' hooks, core/areas.ts), handed in by `step`. `navigate` calls
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

/**
 * What a slice handler (core/turn.ts) gets besides its slice and its data: the time, the effects, the whole
 * state to read other slices from, the timers to arm, and draft work for after (navigation, a load) when a
 * frame's consequence reaches beyond its slice.
 */
export interface SliceCtx {
  readonly at: number;
  readonly effects: Effect[];
  /** The state as it stands, the handler's own slice not yet put in. Read only. */
  readonly state: State;
  setTimer(id: TimerId, due: number): void;
  clearTimer(id: TimerId): void;
  /** Draft work done once the handler's slice is in, in the order asked for. */
  then(recipe: (d: DraftState, ctx: Ctx) => void): void;
  /** Another slice's change, done the same way (in order with `then`) but with no draft: `fn` returns the slice. */
  also<K extends keyof State>(key: K, fn: (slice: State[K]) => State[K]): void;
}

export function log(ctx: Pick<Ctx, 'effects'>, level: 'info' | 'warn' | 'error', message: string): void {
  ctx.effects.push({ type: 'log', level, message });
}
