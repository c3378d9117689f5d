/** The alerts area: the robot's errors and warnings, and the banner's skip and manage buttons. */
import type { Area } from '../area';
import { onSlice } from '../turn';
import { alertUpdate, manageAlert, skipAlert } from './alerts';

export const alertsArea = {
  frames: { 'robot/alert_update': onSlice('alerts', alertUpdate) },
  intents: {
    'ui/alertSkipped': (d, _ctx, event) => skipAlert(d, event.code),
    'ui/alertManaged': (d, ctx) => manageAlert(d, ctx),
  },
} satisfies Area;
