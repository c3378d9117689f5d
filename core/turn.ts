/**
 * One turn of the core: the state being stepped, and the two kinds of handler applied to it. A slice handler
 * is a plain function `(slice, data, ctx) -> slice` that builds new objects (the robot frames a log is made
 * of); a draft handler edits a draft of the whole state with immer (nested edits: wizards, mission drafts,
 * call answers). `step` (core/step.ts) makes one turn per event. Pure.
 */
import { produce } from 'immer';
import type { Ctx, DraftState, PageHooks, SliceCtx } from './context';
import type { Effect } from './effects';
import type { State } from './state';
import type { MapSide } from './map/grid';
import { withTimer, withoutTimer, type TimerId } from './timers';

/** A handler on one slice of the state. Pure: returns the slice itself when nothing changed. */
export type SliceFn<K extends keyof State, D> = (slice: State[K], data: D, ctx: SliceCtx) => State[K];
/** A handler on a draft of the whole state. */
export type DraftFn<D> = (d: DraftState, ctx: Ctx, data: D) => void;

/** One draft handler per event type of `E`: a missing or misspelled type is a compile error. */
export type DraftTable<E extends { type: string }> = { [T in E['type']]: DraftFn<Extract<E, { type: T }>> };

/** A handler as the tables hold it: which slice it takes, or a draft of the whole state. */
export type Handler<D> = { slice: keyof State; run: (slice: never, data: D, ctx: SliceCtx) => unknown } | { draft: DraftFn<D> };

/** A table entry for a slice handler. */
export function onSlice<K extends keyof State, D>(slice: K, run: SliceFn<K, D>): Handler<D> {
  return { slice, run };
}

/** A table entry for a draft handler. */
export function onDraft<D>(draft: DraftFn<D>): Handler<D> {
  return { draft };
}

/**
 * The state being stepped through one event or a batch of them, and the handlers applied to it. A slice
 * handler's result is put into a shallow copy of the state that the turn makes once and then owns: copying
 * the whole state for every robot frame cost as much as the handlers (a day's log holds a million frames).
 * Slices are never written in place, only replaced, so a state that left the turn is never changed.
 */
export class Turn implements SliceCtx {
  /** Draft work a slice handler asked for (`then`), done once its slice is in. */
  private queued: ((d: DraftState, ctx: Ctx) => void)[] = [];
  /** `state` is this turn's own copy, which it may write. */
  private owned = false;

  constructor(
    public state: State,
    public at: number,
    readonly effects: Effect[],
    private readonly pages: PageHooks,
    readonly side?: MapSide,
  ) {}

  /** Runs `handler` on the state with `data`. */
  apply<D>(handler: Handler<D>, data: D): void {
    if ('draft' in handler) return this.draft(handler.draft, data);
    const run = handler.run as (slice: unknown, data: D, ctx: SliceCtx) => State[keyof State];
    this.put(handler.slice, run(this.state[handler.slice], data, this));
    if (this.queued.length === 0) return;
    const queued = this.queued;
    this.queued = [];
    for (const recipe of queued) this.draft(recipe, undefined);
  }

  setTimer(id: TimerId, due: number): void {
    this.put('timers', withTimer(this.state.timers, id, due));
  }

  clearTimer(id: TimerId): void {
    this.put('timers', withoutTimer(this.state.timers, id));
  }

  then(recipe: (d: DraftState, ctx: Ctx) => void): void {
    this.queued.push(recipe);
  }

  private draft<D>(fn: DraftFn<D>, data: D): void {
    const ctx: Ctx = this.side ? { at: this.at, effects: this.effects, pages: this.pages, side: this.side } : { at: this.at, effects: this.effects, pages: this.pages };
    this.state = produce(this.state, (d) => fn(d, ctx, data));
    this.owned = false; // immer froze what it returned
  }

  /** Puts `value` in as the slice `key`; a state nothing changed keeps its identity. */
  private put<K extends keyof State>(key: K, value: State[K]): void {
    if (this.state[key] === value) return;
    if (!this.owned) {
      this.state = { ...this.state };
      this.owned = true;
    }
    this.state[key] = value;
  }
}
