/**
 * The frame every settings editor shares: the wizard page's title and subtitle, the control, and Save with the
 * outcome of the last try. Its own file, so the editors (SectionEditor.tsx) and the PIN change (PinChange.tsx)
 * both use it without importing each other.
 */
import { useId, type ReactNode } from 'react';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { SettingSection } from '../../core/settings/pageState';
import { Busy } from '../common/Busy';

/** The frame of every editor: the wizard page's title and subtitle, the control, and Save with its outcome. */
export function EditorFrame({ section, title, subtitle, children, onSave, canSave }: {
  section: SettingSection;
  title: string;
  subtitle?: ReactNode;
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
