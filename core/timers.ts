/**
 * Time as data: every pending timer is an entry `id -> due` in state. `step` fires the due ones before it
 * handles an event, so replaying only the external inputs reproduces every timer firing. Pure.
 */
export type TimerId =
  | 'clock'
  | 'health'
  | 'wsRetry'
  | 'teleopRetry'
  | 'robotDisconnect'
  | 'lock'
  | 'lockGreeting'
  | 'startupFade'
  | 'startupGo'
  | 'movementReady'
  | 'countdown'
  | 'dateTimeMinute'
  | 'joystickStream'
  | 'jointsPoll'
  | 'missionNotice';

export type Timers = Partial<Record<TimerId, number>>;

/** Arms (or re-arms) a timer on a draft. */
export function setTimer(timers: Timers, id: TimerId, due: number): void {
  timers[id] = due;
}

export function clearTimer(timers: Timers, id: TimerId): void {
  if (timers[id] !== undefined) delete timers[id];
}

/** The timer that fires next: earliest due, ties broken by id so the order is deterministic. */
export function nextTimer(timers: Timers): { id: TimerId; due: number } | null {
  let best: { id: TimerId; due: number } | null = null;
  for (const key in timers) {
    const id = key as TimerId;
    const due = timers[id];
    if (due === undefined) continue;
    if (best === null || due < best.due || (due === best.due && id < best.id)) best = { id, due };
  }
  return best;
}
