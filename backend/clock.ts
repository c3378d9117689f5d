/**
 * Simulated time. One real interval drives everything: each tick advances simulated time by the real time
 * elapsed times `speed` (SIM_SPEED), in sub-steps short enough for motion to stay smooth, and fires the
 * simulated timers that fall due in order. Because every timer lives here, `close()` stops the whole world.
 */

/** A step callback: advance the world by `dtMs` of simulated time. */
export type StepFn = (dtMs: number) => void;

interface Timer {
  id: number;
  due: number;
  every: number | null;
  fn: () => void;
}

/** Longest simulated step handed to the world at once; 100 ms keeps a 1 m/s robot within 0.1 m per step. */
const MAX_STEP_MS = 100;
/** Real milliseconds between ticks: 40 Hz is smooth enough for demos and cheap when idle. */
const TICK_REAL_MS = 25;

/** Simulated clock and scheduler, scaled by `speed`. */
export class SimClock {
  private rate: number;
  /** Simulated milliseconds since the clock was created; only ever grows. */
  private mono = 0;
  /** Added to the monotonic time to give the wall time the robot believes in (POST api/datetime moves it). */
  private wallOffset: number;
  private timers: Timer[] = [];
  private nextId = 1;
  private steppers: StepFn[] = [];
  private handle: ReturnType<typeof setInterval> | null = null;
  private lastReal = 0;

  constructor(speed = 1, startWall = Date.now()) {
    this.rate = SimClock.valid(speed) ? speed : 1;
    this.wallOffset = startWall;
  }

  private static valid(speed: number): boolean {
    return speed > 0 && Number.isFinite(speed);
  }

  /** Simulated milliseconds per real millisecond. */
  get speed(): number {
    return this.rate;
  }

  /**
   * Changes the speed from the next tick on (browser tests: slow while a screen must stay to be looked at, fast
   * for the drive that follows). A speed that is not a positive number is refused.
   */
  setSpeed(speed: number): void {
    if (!SimClock.valid(speed)) throw new Error(`speed must be a positive number, not ${speed}`);
    this.rate = speed;
  }

  /** Simulated monotonic milliseconds, for durations and timers. */
  monoNow(): number {
    return this.mono;
  }

  /** The robot's wall clock in epoch milliseconds (simulated; starts at the real time). */
  now(): number {
    return this.wallOffset + this.mono;
  }

  /** Sets the robot's wall clock (timers are unaffected, they run on monotonic time). */
  setNow(epochMs: number): void {
    this.wallOffset = epochMs - this.mono;
  }

  /** Registers a function called on every simulated sub-step. */
  onStep(fn: StepFn): void {
    this.steppers.push(fn);
  }

  /** Runs `fn` once after `ms` of simulated time; returns an id for `cancel`. */
  after(ms: number, fn: () => void): number {
    return this.add(ms, null, fn);
  }

  /** Runs `fn` every `ms` of simulated time. */
  every(ms: number, fn: () => void): number {
    return this.add(ms, Math.max(1, ms), fn);
  }

  /** Cancels a timer made by `after` or `every`; unknown ids are ignored. */
  cancel(id: number | null | undefined): void {
    if (id == null) return;
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /** Starts the real interval that drives simulated time. */
  start(): void {
    if (this.handle) return;
    this.lastReal = performance.now();
    this.handle = setInterval(() => this.tick(), TICK_REAL_MS);
  }

  /** Stops the interval and drops every timer. */
  close(): void {
    if (this.handle) clearInterval(this.handle);
    this.handle = null;
    this.timers = [];
    this.steppers = [];
  }

  /** Advances simulated time by `ms` at once (used by tick, and by tests to run the world without waiting). */
  advance(ms: number): void {
    const end = this.mono + ms;
    while (this.mono < end) {
      const nextDue = this.timers.reduce((m, t) => Math.min(m, t.due), Infinity);
      const stepEnd = Math.min(end, this.mono + MAX_STEP_MS, Math.max(nextDue, this.mono));
      const dt = stepEnd - this.mono;
      if (dt > 0) {
        for (const s of this.steppers) s(dt);
        this.mono = stepEnd;
      }
      this.fireDue();
      if (dt <= 0 && nextDue > this.mono) break;
    }
  }

  private tick(): void {
    const real = performance.now();
    // A stalled event loop (debugger, GC) must not make the robot jump across the floor: cap one tick at 1 s real.
    const elapsed = Math.min(real - this.lastReal, 1000);
    this.lastReal = real;
    try {
      this.advance(elapsed * this.rate);
    } catch (err) {
      console.error('[sim] world tick failed', err);
    }
  }

  private add(ms: number, every: number | null, fn: () => void): number {
    const id = this.nextId++;
    this.timers.push({ id, due: this.mono + Math.max(0, ms), every, fn });
    return id;
  }

  private fireDue(): void {
    for (;;) {
      let first: Timer | undefined;
      for (const t of this.timers) if (t.due <= this.mono && (!first || t.due < first.due)) first = t;
      if (!first) return;
      if (first.every) first.due += first.every;
      else this.timers = this.timers.filter((t) => t !== first);
      try {
        first.fn();
      } catch (err) {
        console.error('[sim] timer failed', err);
      }
    }
  }
}

/** A monotonic millisecond source: the simulated clock, real time, or a test's virtual clock. */
export interface MonoTime {
  monoNow(): number;
}

/**
 * Real monotonic time, for rules about people rather than the robot (the session idle end, the teleop driver's
 * grace): SIM_SPEED speeds the robot up for tests and demos, and must not log an operator out in seconds. Tests
 * that need a virtual clock pass a `SimClock` of their own (never started) and `advance` it.
 */
export const realTime: MonoTime = { monoNow: () => performance.now() };
