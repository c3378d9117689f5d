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
  | 'connectionGrace'
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

/** The due time of `nextTimer(timers)`, without allocating its answer (it runs twice an event). */
export function earliestDue(timers: Timers): number | null {
  let best: number | null = null;
  for (const key in timers) {
    const due = timers[key as TimerId];
    if (due !== undefined && (best === null || due < best)) best = due;
  }
  return best;
}

/** `setTimer` on plain timers: a copy with the timer armed, or the same object when it already is. Pure. */
export function withTimer(timers: Timers, id: TimerId, due: number): Timers {
  if (timers[id] === due) return timers;
  const next = { ...timers };
  next[id] = due;
  return next;
}

/** `clearTimer` on plain timers: a copy without the timer, or the same object when it is not armed. Pure. */
export function withoutTimer(timers: Timers, id: TimerId): Timers {
  if (timers[id] === undefined) return timers;
  // Copied key by key rather than copied then `delete`d: a deletion turns an object into a slow dictionary.
  const rest: Timers = {};
  for (const key in timers) if (key !== id) rest[key as TimerId] = timers[key as TimerId];
  return rest;
}
