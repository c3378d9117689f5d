/**
 * Replaying a log in the worker: periodic snapshots make seeking backwards cheap (fold forward from the
 * nearest earlier snapshot instead of from the start).
 */
import type { CoreEvent } from '../core/events';
import { parseLog } from '../core/eventLog';
import { initialState, type State } from '../core/state';
import { step, stepAll } from '../core/step';
import type { ReplayInfo } from './api';

const SNAPSHOT_EVERY = 2_000;

export class ReplaySession {
  private events: CoreEvent[] = [];
  /** Snapshots[i] is the state after events[0 .. i*SNAPSHOT_EVERY - 1]. */
  private snapshots: State[] = [];
  state: State = initialState();
  position = 0;

  load(text: string): ReplayInfo {
    const parsed = parseLog(text);
    this.events = parsed.events;
    this.snapshots = [initialState()];
    let state = this.snapshots[0]!;
    for (let i = 0; i < this.events.length; i += SNAPSHOT_EVERY) {
      state = stepAll(state, this.events.slice(i, i + SNAPSHOT_EVERY)).state;
      this.snapshots.push(state);
    }
    this.state = this.snapshots[0]!;
    this.position = 0;
    return {
      events: this.events.length,
      first: this.events[0]?.at ?? null,
      last: this.events[this.events.length - 1]?.at ?? null,
      bad: parsed.bad.length,
    };
  }

  /** The state at time `at`: every event with `at <=` it, then the timers due by then. */
  seek(at: number): State {
    let count = 0;
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.events[mid]!.at <= at) lo = mid + 1;
      else hi = mid;
    }
    count = lo;
    const snap = Math.min(Math.floor(count / SNAPSHOT_EVERY), this.snapshots.length - 1);
    let state = this.snapshots[snap]!;
    const from = snap * SNAPSHOT_EVERY;
    if (count > from) state = stepAll(state, this.events.slice(from, count)).state;
    state = step(state, { type: 'tick', at }).state;
    this.state = state;
    this.position = at;
    return state;
  }

  get first(): number | null {
    return this.events[0]?.at ?? null;
  }

  get last(): number | null {
    return this.events[this.events.length - 1]?.at ?? null;
  }
}
