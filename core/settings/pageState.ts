/** The /settings page's state, apart from its handlers so that core/state.ts imports no logic. */

/** What one save on the page changes. */
export type SettingField =
  | 'language'
  | 'country'
  | 'robot_name'
  | 'admin_name'
  | 'load_location_layout_right'
  | 'load_location_layout_left';

export type SettingSection = SettingField | 'date_time' | 'pin';

/** The PIN change's steps: the current PIN, a new one, its confirmation, then done. */
export type PinStage = 'current' | 'new' | 'confirm' | 'done';

export interface SettingsPageState {
  /** The save under way or last finished, and for which section. */
  save: 'idle' | 'pending' | 'saved' | 'failed';
  section: SettingSection | null;
  saveError: string | null;
  pinStage: PinStage;
}

export const initialSettingsPage = (): SettingsPageState => ({ save: 'idle', section: null, saveError: null, pinStage: 'current' });
