/**
 * Where a log that does not start with the kiosk's own `shell/started` starts (a robot's recording of its
 * socket messages; a kiosk's log whose oldest events were dropped): the kiosk as switched on at its first event,
 * showing the boot route and the clock at that moment. The start-up's calls and their timers (settings, health,
 * the inactivity lock) are left out: the log holds none of their answers, and a replay must not invent them.
 * The clock's own timer is armed only for the closing tick of a fold (`tickAt`): the clock has no other effect
 * (core/clock/clock.ts), and firing it every second through a week of robot frames cost eight times the fold.
 * Pure.
 */
import { initialState, type State } from '../state';
import { step } from '../step';
import { CLOCK_TICK_MS } from '../clock/clock';

/** The kiosk's screen as switched on at `at` (the shell's start with a fixed seed): its route and clock. */
export function bootState(at: number): State {
  const booted = step(initialState(), { type: 'shell/started', at, path: '/', seed: 0, clientId: 'replay' }).state;
  return { ...initialState(), route: booted.route, clock: booted.clock };
}

/** A booted state (a clock set, its timer not armed) with the timer armed as the start-up arms it; others as they are. */
export function windClock(state: State): State {
  if (state.clock.now <= 0 || state.timers.clock !== undefined) return state;
  return { ...state, timers: { ...state.timers, clock: Math.floor(state.clock.now / CLOCK_TICK_MS) * CLOCK_TICK_MS + CLOCK_TICK_MS } };
}

/** The closing tick of a fold at `time`: the timers due by then fire, a booted log's clock included. */
export function tickAt(state: State, time: number): State {
  return step(windClock(state), { type: 'tick', at: time }).state;
}
