/**
 * The replay worker's playback shell around its pure state (core/log/playback.ts), as worker/runtime.ts is the
 * core's: it stamps each event with its clock, wakes the playback at its `due` time with a `tick`, shows the
 * moments the transitions ask for (one at a time, answering with `shown`), and pushes the page's view when it
 * changes. No decision is taken here.
 */
import {
  initialPlayback,
  playbackStep,
  playbackView,
  type Playback,
  type PlaybackFact,
  type PlaybackIntent,
  type PlaybackView,
} from '../core/log/playback';
import type { IndexProgress, ReplayInfo } from './replayApi';

export interface PlaybackPorts {
  /** The worker's clock in milliseconds (performance.now in the worker; a virtual one in tests). */
  now(): number;
  /** Shows the log's moment `at` (worker/replaySession.ts folds to it and pushes the state). */
  show(at: number): Promise<{ nextEventAt: number | null }>;
  setTimer(wake: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export class PlaybackDriver {
  private state: Playback = initialPlayback();
  private listener: ((view: PlaybackView) => void) | null = null;
  private pushed: PlaybackView | null = null;
  private timer: unknown = null;
  private timerDue: number | null = null;
  /** Those waiting for the moments asked to be on show (a seek's answer). */
  private waiting: (() => void)[] = [];
  /** Counts opens: the progress of a log opened before the latest is not the playback's. */
  private opens = 0;
  /** The intents and steps handed in so far, handled; set only while a step's is not. */
  private turn: Promise<void> | null = null;

  constructor(private readonly ports: PlaybackPorts) {}

  /** The view now, then at each change. */
  subscribe(listener: (view: PlaybackView) => void): void {
    this.listener = listener;
    this.pushed = null;
    this.push();
  }

  get view(): PlaybackView {
    return playbackView(this.state);
  }

  /** A person's intent; answers once handled, a chosen moment once it (or a newer one) is on show. */
  intent(intent: PlaybackIntent): Promise<void> {
    if (this.turn) return this.inTurn(() => ({ shown: this.intentNow(intent) }));
    return this.intentNow(intent);
  }

  /**
   * A step to the moment `find` gives from the moment on show or asked for last (the next event, the previous
   * marker), or none when it gives null; answers once that moment is on show. Steps and intents are handled in
   * the order they came, so two quick taps on 'Next marker' go two markers on, where the page, stepping from the
   * moment it was last told of, went one.
   */
  step(find: (from: number) => number | null | Promise<number | null>): Promise<void> {
    // The tap belongs to the log on show when it came: a log opened since, while the step waited for its turn or
    // looked its moment up, shows a moment of its own (and `find` reads the tapped log's markers).
    const opens = this.opens;
    return this.inTurn(async () => {
      const from = opens === this.opens ? this.state.position : null;
      const to = from === null ? null : await this.found(find, from);
      return { shown: to === null || opens !== this.opens ? undefined : this.intentNow({ type: 'momentChosen', at: to }) };
    });
  }

  /**
   * Where a step goes, or nowhere when its event could not be read (the log changed under it): the moment stays,
   * as a moment that could not be shown ends its wait (`show`), and the step answers rather than fails.
   */
  private async found(find: (from: number) => number | null | Promise<number | null>, from: number): Promise<number | null> {
    try {
      return await find(from);
    } catch {
      return null;
    }
  }

  private intentNow(intent: PlaybackIntent): Promise<void> {
    this.dispatch(intent);
    if (intent.type !== 'momentChosen' || this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Runs `task` once those before it are handled (not shown), answering when what it asked for is on show.
   * There is a turn to wait for only while a step looks its moment up: intents are handled at once otherwise.
   */
  private inTurn(task: () => { shown?: Promise<void> } | Promise<{ shown?: Promise<void> }>): Promise<void> {
    const handled = (this.turn ?? Promise.resolve()).then(task);
    const turn = handled.then(
      () => undefined,
      () => undefined,
    );
    this.turn = turn;
    void turn.then(() => {
      if (this.turn === turn) this.turn = null;
    });
    return handled.then((r) => r.shown);
  }

  /**
   * Opens a log through `open` (worker/replaySession.ts), telling the playback: opening, each progress report,
   * then opened, which shows the moment `at` (a link's) or the log's first.
   */
  async open(
    at: number | undefined,
    onProgress: (progress: IndexProgress) => void,
    open: (onProgress: (progress: IndexProgress) => void) => Promise<ReplayInfo | { error: string }>,
  ): Promise<ReplayInfo | { error: string }> {
    const id = ++this.opens;
    this.dispatch({ type: 'opening' });
    const result = await open((p) => {
      onProgress(p);
      if (id === this.opens) this.dispatch({ type: 'indexed', last: p.last, indexedTo: p.indexedTo, done: p.done });
    });
    if (id === this.opens && !('error' in result))
      this.dispatch({ type: 'opened', first: result.first, last: result.last, indexing: result.indexing, indexedTo: result.indexedTo, at: at ?? null });
    return result;
  }

  /** Hands the playback one event, stamped with the clock, and carries out what it asks. */
  dispatch(event: PlaybackIntent | PlaybackFact): void {
    const { playback, effects } = playbackStep(this.state, { ...event, now: this.ports.now() });
    this.state = playback;
    for (const effect of effects) this.show(effect.at);
    this.wakeAt(playback.due);
    this.push();
    if (this.idle()) for (const done of this.waiting.splice(0)) done();
  }

  private idle(): boolean {
    return this.state.showing === null && this.state.queued === null;
  }

  private show(at: number): void {
    this.ports.show(at).then(
      ({ nextEventAt }) => this.dispatch({ type: 'shown', at, nextEventAt }),
      // A moment that could not be read (the log changed under it) ends the wait; the next one is asked anew.
      () => this.dispatch({ type: 'shown', at, nextEventAt: null }),
    );
  }

  /** One timer, at the playback's due time. */
  private wakeAt(due: number | null): void {
    if (due === this.timerDue) return;
    if (this.timer !== null) this.ports.clearTimer(this.timer);
    this.timer = null;
    this.timerDue = due;
    if (due === null) return;
    this.timer = this.ports.setTimer(() => {
      this.timer = null;
      this.timerDue = null;
      this.dispatch({ type: 'tick' });
    }, Math.max(0, due - this.ports.now()));
  }

  private push(): void {
    const view = playbackView(this.state);
    const last = this.pushed;
    if (last && last.position === view.position && last.playing === view.playing && last.speed === view.speed && last.skipIdle === view.skipIdle) return;
    this.pushed = view;
    this.listener?.(view);
  }
}
