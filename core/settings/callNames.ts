/** The settings page's calls, by name (their handlers: core/settings/settingsPage.ts). A leaf: it imports nothing. */
export type SettingsCallName = 'settingsPagePatch' | 'settingsDateTime' | 'settingsPinCheck';
