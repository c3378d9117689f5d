/**
 * The timeline's operator lane: what the person at the kiosk tapped or chose (the `ui/` intents, DESIGN.md "The
 * core contract"), one short line each, so "what did the operator do before X" is one glance. Pure.
 */
import type { CoreEvent } from '../events';
import type { State } from '../state';
import { summariseEvent } from './eventSummary';

/**
 * The line for an operator's action, or null when `event` is none or would only flood the lane:
 * - `ui/activity` is sent for every touch anywhere (and mouse moves, once a second) to restart the lock; the tap
 *   that does something comes with its own intent, which is shown.
 * - `ui/joystickMoved` streams dozens a second while the joystick is held: only the move that starts a hold is
 *   shown (the release is an intent of its own). A move the core did not take (another operator drives) starts
 *   no hold, and is left out too: each move of such a drag would otherwise show.
 * The on-screen keyboard's keys are no events (a field is sent once, when confirmed), so nothing else floods;
 * a held time stepper repeats a few times a second, each one a step the person made, and each is shown.
 * `before` and `after` need only hold the teleop slice (core/log/markers.ts watches just the slices read here).
 */
export function operatorAction(before: Pick<State, 'teleop'>, after: Pick<State, 'teleop'>, event: CoreEvent): string | null {
  const type: string = event.type;
  if (!type.startsWith('ui/') || type === 'ui/activity') return null;
  if (type === 'ui/joystickMoved' && (before.teleop.joystick !== null || after.teleop.joystick === null)) return null;
  const details = summariseEvent(event);
  const name = type.slice('ui/'.length);
  return details === '' ? name : `${name} ${details}`;
}
