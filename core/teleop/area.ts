/** The teleoperation area: its socket, manual mode, the joystick and typed moves, the joints page. */
import type { Area } from '../area';
import { onDraft } from '../turn';
import * as teleop from './teleop';
import { formSubmitted, joystickBeat, joystickMoved, joystickStopped, presetPressed } from './stream';
import { manualLeaveAnswered, teleopLeft } from './manualLeave';

export const teleopArea = {
  intents: {
    'teleop/opened': (d, ctx) => teleop.teleopOpened(d, ctx),
    'teleop/closed': (d, ctx) => teleop.teleopClosed(d, ctx),
    'teleop/message': (d, ctx, event) => teleop.teleopMessage(d, ctx, event),
    'ui/teleopSubmitted': (d, ctx, event) => formSubmitted(d, ctx, event),
    'ui/teleopPresetPressed': (d, ctx, event) => presetPressed(d, ctx, event.preset, event.hold === true),
    'ui/manualLeaveAnswered': (d, ctx, event) => manualLeaveAnswered(d, ctx, event),
    'ui/manualModeToggled': (d, ctx) => teleop.manualModeToggled(d, ctx),
    'ui/joystickMoved': (d, ctx, event) => joystickMoved(d, ctx, event),
    'ui/joystickReleased': (d, ctx, event) => joystickStopped(d, ctx, event.reason === 'cancel' ? 'pointer cancelled' : 'released'),
    'ui/pageHidden': (d, ctx) => joystickStopped(d, ctx, 'page hidden'),
  },
  timers: {
    teleopRetry: onDraft((_d, ctx) => teleop.openTeleop(ctx)),
    joystickStream: onDraft(joystickBeat),
    jointsPoll: onDraft(teleop.jointsPollDue),
  },
  enter: (d, ctx, path) => {
    if (path === '/control') teleop.enterControl(d, ctx);
    if (path === '/joints') teleop.enterJoints(d, ctx);
  },
  leave: (d, ctx, from, to) => {
    if (from === '/control') joystickStopped(d, ctx, 'page left');
    if (from === '/joints') teleop.leaveJoints(d);
    if (from === '/control' || from === '/joints') teleopLeft(d, to);
  },
} satisfies Area;
