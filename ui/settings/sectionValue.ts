/** Each setting's current value in words, for its row on /settings. */
import type { Settings } from '../../core/schemas/entities';
import type { SettingSection } from '../../core/settings/pageState';
import type { Translate } from '../../src/i18n';

export const LAYOUT_KEYS = ['free', 'double', 'triple'] as const;

export function sectionValue(section: SettingSection, s: Settings | null, t: Translate, dateTime: string): string {
  const unset = t('settings.notSet');
  switch (section) {
    case 'language':
      return s?.language ? t(`fux.language.${s.language}`) : unset;
    case 'country':
      return s?.country ? t(`fux.country.${s.country}`) : unset;
    case 'date_time':
      return dateTime;
    case 'robot_name':
    case 'admin_name':
      return s?.[section] || unset;
    case 'load_location_layout_right':
    case 'load_location_layout_left': {
      const v = s?.[section];
      return v === 0 || v === 1 || v === 2 ? t(`fux.load.${LAYOUT_KEYS[v]}`) : unset;
    }
    case 'pin':
      return s?.has_superadmin_pin ? t('settings.pinSet') : unset;
  }
}
