/**
 * One turn of the core: the state being stepped, and the two kinds of handler applied to it. A slice handler
 * is a plain function `(slice, data, ctx) -> slice` that builds new objects (the robot frames a log is made
 * of); a draft handler edits a draft of the whole state with immer (nested edits: wizards, mission drafts,
 * call answers). `step` (core/step.ts) makes one turn per event. Pure.
 */
import { createDraft, finishDraft } from 'immer';
import type { Ctx, DraftState, PageHooks, SliceCtx } from './context';
import type { Effect } from './effects';
import type { State } from './state';
import type { MapSide } from './map/grid';
import { clearTimer as clearDraftTimer, earliestDue, setTimer as setDraftTimer, withTimer, withoutTimer, type TimerId, type Timers } from './timers';
import { plainOf } from './patched';

/** A handler on one slice of the state. Pure: returns the slice itself when nothing changed. */
export type SliceFn<K extends keyof State, D> = (slice: State[K], data: D, ctx: SliceCtx) => State[K];
/** A handler on a draft of the whole state. */
export type DraftFn<D> = (d: DraftState, ctx: Ctx, data: D) => void;

/** One draft handler per event type of `E`: a missing or misspelled type is a compile error. */
export type DraftTable<E extends { type: string }> = { [T in E['type']]: DraftFn<Extract<E, { type: T }>> };

/** A handler as the tables hold it: which slice it takes, or a draft of the whole state. */
export type Handler<D> = { slice: keyof State; run: (slice: never, data: D, ctx: SliceCtx) => unknown } | { draft: DraftFn<D> };

/** Work queued by a slice handler: a draft recipe, or another slice's change. */
type Queued = ((d: DraftState, ctx: Ctx) => void) | { key: keyof State; fn: (slice: State[keyof State]) => State[keyof State] };

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
  /** Work a slice handler asked for (`then`, `also`), done once its slice is in. */
  private queued: Queued[] = [];
  /** `base` is this turn's own copy, which it may write. */
  private owned = false;
  /**
   * The draft the draft handlers of one event share (its due timers' and its own), closed by `settle` or when
   * a slice handler needs the state: immer copies what a draft writes, so one draft per event rather than
   * one per handler (a big table, such as many calls waiting, was copied for each timer that fired).
   */
  private open: DraftState | null = null;
  private base: State;

  constructor(
    state: State,
    public at: number,
    readonly effects: Effect[],
    private readonly pages: PageHooks,
    readonly side?: MapSide,
  ) {
    this.base = state;
  }

  /** The state as it stands. */
  get state(): State {
    this.settle();
    return this.base;
  }

  /** The earliest due time of the timers as they stand (see `nextDue`). */
  private dueOf: Timers | null = null;
  private due: number | null = null;

  /**
   * When the next timer is due, or null: remembered for the timers object it was read from, since most events
   * arm no timer and `step` asks before and after each one.
   */
  nextDue(): number | null {
    const timers = this.timers();
    if (timers !== this.dueOf) {
      this.dueOf = timers;
      this.due = earliestDue(timers);
    }
    return this.due;
  }

  /** The timers as they stand, read without closing the event's draft. */
  timers(): Timers {
    return this.open ? plainOf(this.open.timers) : this.base.timers;
  }

  /** Runs `handler` on the state with `data`. */
  apply<D>(handler: Handler<D>, data: D): void {
    if ('draft' in handler) return this.draft(handler.draft, data);
    const run = handler.run as (slice: unknown, data: D, ctx: SliceCtx) => State[keyof State];
    this.put(handler.slice, run(this.state[handler.slice], data, this));
    if (this.queued.length === 0) return;
    const queued = this.queued;
    this.queued = [];
    for (const work of queued) {
      if (typeof work === 'function') this.draft(work, undefined);
      else this.put(work.key, work.fn(this.state[work.key]));
    }
  }

  setTimer(id: TimerId, due: number): void {
    if (this.open) setDraftTimer(this.open.timers, id, due);
    else this.put('timers', withTimer(this.base.timers, id, due));
  }

  clearTimer(id: TimerId): void {
    if (this.open) clearDraftTimer(this.open.timers, id);
    else this.put('timers', withoutTimer(this.base.timers, id));
  }

  then(recipe: (d: DraftState, ctx: Ctx) => void): void {
    this.queued.push(recipe);
  }

  also<K extends keyof State>(key: K, fn: (slice: State[K]) => State[K]): void {
    this.queued.push({ key, fn: fn as unknown as (slice: State[keyof State]) => State[keyof State] });
  }

  /** Closes the event's draft, if one is open. */
  settle(): void {
    if (!this.open) return;
    const d = this.open;
    this.open = null;
    this.base = finishDraft(d) as State;
    this.owned = false; // immer froze what it returned
  }

  private draft<D>(fn: DraftFn<D>, data: D): void {
    const ctx: Ctx = this.side ? { at: this.at, effects: this.effects, pages: this.pages, side: this.side } : { at: this.at, effects: this.effects, pages: this.pages };
    this.open ??= createDraft(this.base);
    fn(this.open, ctx, data);
  }

  /** Puts `value` in as the slice `key`; a state nothing changed keeps its identity. */
  private put<K extends keyof State>(key: K, value: State[K]): void {
    this.settle();
    if (this.base[key] === value) return;
    if (!this.owned) {
      this.base = { ...this.base };
      this.owned = true;
    }
    this.base[key] = value;
  }
}
