/**
 * A wizard page that asks for one name (the robot's, the administrator's): the on-screen keyboard comes up
 * with it, 'Save and Continue' is disabled while the trimmed name is empty, and a failed save keeps the text.
 */
import { useState, type ReactNode } from 'react';
import type { FuxPage } from '../../core/routes';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { SaveStatus } from '../common/SaveStatus';
import { useWizard } from '../common/useWizard';
import { TextField } from '../keyboard/TextField';

export interface NamePageProps {
  page: Extract<FuxPage, 'robot-name' | 'complete-profile'>;
  title: string;
  subtitle?: ReactNode;
  label: string;
  placeholder: string;
  initial: string;
  children?: ReactNode;
}

export function NamePage({ page, title, subtitle, label, placeholder, initial, children }: NamePageProps) {
  const t = useT();
  const w = useWizard(page);
  const [name, setName] = useState(initial);
  const [edited, setEdited] = useState(false);
  // After a reload the saved name arrives with the settings, after the first render: shown until typed over.
  const [shownInitial, setShownInitial] = useState(initial);
  if (shownInitial !== initial) {
    setShownInitial(initial);
    if (!edited) setName(initial);
  }
  // Leading blanks are dropped as typed; the core trims the whole name again before saving it.
  const change = (v: string) => {
    setEdited(true);
    setName(v.trimStart());
  };
  const ready = name.trim() !== '' && !w.saving;
  const save = () => {
    if (ready) w.next(name.trim());
  };
  return (
    <Page
      className="page-form"
      title={title}
      subtitle={subtitle}
      back={{ onClick: w.back }}
      next={{ label: t('common.saveAndContinue'), onClick: save, disabled: !ready }}
      status={<SaveStatus />}
    >
      {children}
      <TextField label={label} value={name} onChange={change} placeholder={placeholder} autoFocus onEnter={save} testId={`${page}-input`} counted />
    </Page>
  );
}
