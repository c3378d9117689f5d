/**
 * The robot's own name, as the operator set it (settings' robot_name), for every text that names the robot.
 * Its own tiny module, so the top bar and the side menu can read it without loading the settings page's code.
 */
import type { State } from '../state';

/** The trimmed robot_name, or null while settings are unread or the wizard has not asked for it yet. Pure. */
export function robotName(s: Pick<State, 'settings'>): string | null {
  const name = s.settings.data?.robot_name?.trim();
  return name ? name : null;
}
