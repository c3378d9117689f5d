/** The clock area's state. */
export interface ClockState {
  /** The top-bar clock: the time of the last whole-second tick (0 before start). */
  now: number;
  tzOffsetMinutes: number;
}

export function initialClock(): ClockState {
  return { now: 0, tzOffsetMinutes: 0 };
}
