/**
 * The control of one setting, beside the list: the wizard page's own title, control and rules, preset to the
 * current value, and Save for that one value. Its outcome shows beside Save.
 */
import { useState } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useLanguage, useT } from '../../src/i18n';
import { wallClock } from '../../core/time';
import type { SettingSection } from '../../core/settings/pageState';
import { formatDate } from '../common/format';
import { NAME_MAX_LENGTH, TextField } from '../keyboard/TextField';
import { Choices } from '../fux/Choices';
import { ShelfPicture } from '../fux/ShelfPicture';
import { TimePickers } from '../fux/TimePickers';
import { PinChange } from './PinChange';
import { EditorFrame } from './EditorFrame';
import { LAYOUT_KEYS } from './sectionValue';

const LANGUAGES = ['en', 'it'] as const;
const COUNTRIES = ['AU', 'EN', 'IT', 'CH'] as const;

export function SectionEditor({ section }: { section: SettingSection }) {
  switch (section) {
    case 'language':
      return <LanguageEditor />;
    case 'country':
      return <CountryEditor />;
    case 'date_time':
      return <DateTimeEditor />;
    case 'robot_name':
    case 'admin_name':
      return <NameEditor field={section} />;
    case 'load_location_layout_right':
    case 'load_location_layout_left':
      return <LayoutEditor field={section} />;
    case 'pin':
      return <PinChange />;
  }
}

function LanguageEditor() {
  const t = useT();
  const { dispatch } = useActions();
  const current = useCore((s) => s.settings.data?.language ?? null);
  const [draft, setDraft] = useState(current);
  return (
    <EditorFrame
      section="language"
      title={t('fux.language.title')}
      subtitle={t('fux.language.subtitle')}
      canSave={draft !== null && draft !== current}
      onSave={() => draft && dispatch({ type: 'ui/settingSaved', field: 'language', value: draft })}
    >
      <Choices<'en' | 'it'> label={t('fux.language.title')} choices={LANGUAGES.map((value) => ({ value, label: t(`fux.language.${value}`) }))} selected={draft} onPick={setDraft} />
    </EditorFrame>
  );
}

function CountryEditor() {
  const t = useT();
  const { dispatch } = useActions();
  const current = useCore((s) => s.settings.data?.country ?? null);
  const [draft, setDraft] = useState(current);
  return (
    <EditorFrame
      section="country"
      title={t('fux.country.title')}
      subtitle={t('fux.country.subtitle')}
      canSave={draft !== null && draft !== current}
      onSave={() => draft && dispatch({ type: 'ui/settingSaved', field: 'country', value: draft })}
    >
      <Choices<'AU' | 'EN' | 'IT' | 'CH'>
        label={t('fux.country.title')}
        columns={2}
        choices={COUNTRIES.map((value) => ({ value, label: t(`fux.country.${value}`) }))}
        selected={draft}
        onPick={setDraft}
      />
    </EditorFrame>
  );
}

/** The wizard's date page: today's date, hour and minute steppers on the clock the core advances each minute. */
function DateTimeEditor() {
  const t = useT();
  const lang = useLanguage();
  const { dispatch } = useActions();
  const at = useCore((s) => s.setup.dateTime ?? s.clock.now);
  const offset = useCore((s) => s.clock.tzOffsetMinutes);
  const { hour, minute } = wallClock(at, offset);
  return (
    <EditorFrame
      section="date_time"
      title={t('fux.dateTime.title')}
      subtitle={t('fux.dateTime.subtitle')}
      canSave
      onSave={() => dispatch({ type: 'ui/settingsDateTimeSaved' })}
    >
      <TimePickers date={formatDate(lang, at, offset, 'long')} hour={hour} minute={minute} />
    </EditorFrame>
  );
}

/** The robot's name ('My name') or the administrator's ('Username'): trimmed, never empty. */
function NameEditor({ field }: { field: 'robot_name' | 'admin_name' }) {
  const t = useT();
  const { dispatch } = useActions();
  const current = useCore((s) => s.settings.data?.[field] ?? '');
  const [draft, setDraft] = useState(current);
  const name = draft.trim();
  // A name saved longer than the limit (by an older kiosk) is kept until shortened: the counter says it is too long.
  const ready = name !== '' && name !== current && name.length <= NAME_MAX_LENGTH;
  const save = () => ready && dispatch({ type: 'ui/settingSaved', field, value: name });
  const keys = field === 'robot_name' ? 'fux.robotName' : 'fux.profile';
  return (
    <EditorFrame
      section={field}
      title={t(field === 'robot_name' ? 'fux.robotName.title' : 'settings.row.admin_name')}
      subtitle={field === 'robot_name' ? t('fux.robotName.subtitle') : t('fux.profile.role')}
      canSave={ready}
      onSave={save}
    >
      <TextField
        label={t(`${keys}.label`)}
        value={draft}
        onChange={(v) => setDraft(v.trimStart())}
        placeholder={t(`${keys}.placeholder`)}
        counted
        onEnter={save}
        testId={`${field}-input`}
      />
    </EditorFrame>
  );
}

function LayoutEditor({ field }: { field: 'load_location_layout_right' | 'load_location_layout_left' }) {
  const t = useT();
  const { dispatch } = useActions();
  const current = useCore((s) => s.settings.data?.[field] ?? null);
  const [draft, setDraft] = useState<0 | 1 | 2 | null>(current === 0 || current === 1 || current === 2 ? current : null);
  const title = t(field === 'load_location_layout_right' ? 'fux.load.rightTitle' : 'fux.load.leftTitle');
  return (
    <EditorFrame
      section={field}
      title={title}
      subtitle={t('fux.load.subtitle')}
      canSave={draft !== null && draft !== current}
      onSave={() => draft !== null && dispatch({ type: 'ui/settingSaved', field, value: draft })}
    >
      <Choices<0 | 1 | 2>
        label={title}
        choices={LAYOUT_KEYS.map((key, value) => ({
          value: value as 0 | 1 | 2,
          label: t(`fux.load.${key}`),
          hint: t(`fux.load.${key}Hint`),
          picture: <ShelfPicture layout={value as 0 | 1 | 2} />,
        }))}
        selected={draft}
        onPick={setDraft}
      />
    </EditorFrame>
  );
}
