/** What the person does on /settings, as core events (handled in core/settings/settingsPage.ts). A leaf. */
export type SettingsIntent =
  | { type: 'ui/settingSaved'; at: number; field: 'language'; value: 'en' | 'it' }
  | { type: 'ui/settingSaved'; at: number; field: 'country'; value: 'AU' | 'EN' | 'IT' | 'CH' }
  | { type: 'ui/settingSaved'; at: number; field: 'robot_name' | 'admin_name'; value: string }
  | { type: 'ui/settingSaved'; at: number; field: 'load_location_layout_right' | 'load_location_layout_left'; value: 0 | 1 | 2 }
  /** Save on the date and time section: the hour and minute chosen with the steppers (ui/timeStepped). */
  | { type: 'ui/settingsDateTimeSaved'; at: number }
  /** Continue after a complete new PIN (held by the worker), or starting the PIN change again. */
  | { type: 'ui/settingsPinStage'; at: number; stage: 'confirm' | 'current' };
