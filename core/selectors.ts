/** Read-only views of the state that the UI, the replay tool and tests share. All pure. */
import type { State } from './state';
import { alertType, alertCodes, overlayType } from './alerts/alerts';
import { batteryLevel, healthLabel } from './batteries/batteries';
import { isLockExempt } from './routes';

export { alertType, alertCodes, overlayType, batteryLevel, healthLabel };

/** The UI language: chosen in the wizard, else the startup settings', else English. */
export function language(s: Pick<State, 'setup' | 'settings'>): 'en' | 'it' {
  return s.setup.language ?? s.settings.data?.language ?? 'en';
}

/** Whether the lock screen shows now (never on /movement or /mapping paths). */
export function lockShown(s: Pick<State, 'session' | 'route'>): boolean {
  return s.session.lock && !isLockExempt(s.route.path);
}

/** The observable summary that `npm run replay -- FILE --json` prints. */
export function observable(s: State) {
  const type = alertType(s);
  return {
    route: s.route.path,
    login: s.session.login,
    lock: s.session.lock,
    connection: { backend: s.connection.backend, robot: s.connection.robot },
    alert: { type, active: type !== null },
    batteries: s.batteries.charges,
    movement: {
      state: s.movement.state,
      missionId: s.movement.missionId,
      stepIndex: s.movement.stepIndex,
      activityIndex: s.movement.activityIndex,
      timerSeconds: s.movement.timerSeconds,
      pause: s.movement.pause,
      error: s.movement.error,
      /** movement/failed's reason ("path blocked"), which the failed dialog shows: a replay must say it too. */
      failReason: s.movement.failReason,
    },
    rejected: s.rejections.count,
  };
}
export type Observable = ReturnType<typeof observable>;
