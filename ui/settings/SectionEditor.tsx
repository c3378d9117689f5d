/**
 * The control of one setting, beside the list: the wizard page's own title, control and rules, preset to the
 * current value, and Save for that one value. Its outcome shows beside Save.
 */
import { useId, useState, type ReactNode } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useLanguage, useT } from '../../src/i18n';
import { wallClock } from '../../core/time';
import type { SettingSection } from '../../core/settings/pageState';
import { Busy } from '../common/Busy';
import { formatDate } from '../common/format';
import { TextField } from '../keyboard/TextField';
import { Choices } from '../fux/Choices';
import { ShelfPicture } from '../fux/ShelfPicture';
import { TimePickers } from '../fux/TimePickers';
import { PinChange } from './PinChange';
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

/** The frame of every editor: the wizard page's title and subtitle, the control, and Save with its outcome. */
export function EditorFrame({ section, title, subtitle, children, onSave, canSave }: {
  section: SettingSection;
  title: string;
  subtitle?: string;
  children: ReactNode;
  onSave?(): void;
  canSave?: boolean;
}) {
  const t = useT();
  const id = useId();
  const pending = useCore((s) => s.settingsPage.save === 'pending');
  return (
    <section className="settings-editor" aria-labelledby={id} data-testid="settings-editor">
      <h2 id={id}>{title}</h2>
      {subtitle && <p className="page-subtitle">{subtitle}</p>}
      <div className="settings-editor-body">{children}</div>
      {onSave && (
        <div className="settings-editor-actions">
          <SaveOutcome section={section} />
          <button type="button" className="btn btn-primary" disabled={!canSave || pending} onClick={onSave} data-testid="settings-save">
            {t('settings.save')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Progress, 'Saved' or the failure, for the section the last save was for. */
export function SaveOutcome({ section }: { section: SettingSection }) {
  const t = useT();
  const p = useCore((s) => s.settingsPage);
  const mine = p.section === section;
  if (mine && p.save === 'failed')
    return (
      <p className="form-error" role="alert" data-testid="save-error">
        {t('common.saveFailed')}
      </p>
    );
  if (mine && p.save === 'saved')
    return (
      <p className="form-info settings-saved" role="status" data-testid="saved">
        {t('settings.saved')}
      </p>
    );
  return <Busy active={mine && p.save === 'pending'} />;
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
  const ready = name !== '' && name !== current;
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
        maxLength={100}
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
