/** The start-up area's state, and the robot's settings it reads. */
import type { Settings } from '../schemas/entities';
import type { CallStatus } from '../calls/status';

export interface StartupState {
  logoVisible: boolean;
}

/** The robot's settings as last read or saved. */
export interface SettingsState {
  data: Settings | null;
  status: CallStatus | 'loaded';
}

export function initialStartup(): StartupState {
  return { logoVisible: false };
}

export function initialSettings(): SettingsState {
  return { data: null, status: 'idle' };
}
