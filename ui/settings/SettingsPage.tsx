/**
 * /settings (side menu, behind the login): every choice of the first-use wizard, each row showing its current
 * value; touching a row opens that wizard page's control beside the list, preset to the current value, with
 * the wizard's rules, and Save changes that one value. The PIN is changed in three steps (current, new, confirm).
 */
import './strings';
import '../fux/fux.css';
import './settings.css';
import { useState } from 'react';
import { useCore } from '../../src/bridge/CoreContext';
import { useLanguage, useT } from '../../src/i18n';
import type { SettingSection } from '../../core/settings/pageState';
import { Page } from '../common/Page';
import { BackArrow } from '../common/BackArrow';
import { NameText } from '../common/NameText';
import { formatDateTime } from '../common/format';
import { sectionValue } from './sectionValue';
import { SectionEditor } from './SectionEditor';

const SECTIONS: SettingSection[] = [
  'language',
  'country',
  'date_time',
  'robot_name',
  'admin_name',
  'load_location_layout_right',
  'load_location_layout_left',
  'pin',
];

export default function SettingsPage() {
  const t = useT();
  const lang = useLanguage();
  const settings = useCore((s) => s.settings.data);
  const now = useCore((s) => s.clock.now);
  const tz = useCore((s) => s.clock.tzOffsetMinutes);
  const [open, setOpen] = useState<SettingSection>('language');
  const dateTime = formatDateTime(lang, now, tz);
  return (
    <Page className="page-wide settings-page" title={t('settings.title')} lead={<BackArrow label={t('nav.backTo.missions')} to="/missions" />}>
      <div className="settings-columns">
        <ul className="settings-list" aria-label={t('settings.list')}>
          {SECTIONS.map((section) => {
            const value = sectionValue(section, settings, t, dateTime);
            return (
              <li key={section}>
                <button
                  type="button"
                  className={`settings-row${open === section ? ' settings-row-open' : ''}`}
                  aria-pressed={open === section}
                  onClick={() => setOpen(section)}
                  data-testid={`setting-${section}`}
                >
                  <span className="settings-row-label">{t(`settings.row.${section}`)}</span>
                  {section === 'robot_name' || section === 'admin_name' ? (
                    <NameText name={value} className="settings-row-value" inControl />
                  ) : (
                    <span className="settings-row-value">{value}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {/* A fresh editor, preset to the current value, each time another row opens. */}
        <SectionEditor key={open} section={open} />
      </div>
    </Page>
  );
}
