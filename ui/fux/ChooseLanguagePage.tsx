/** /fux/choose-language: English or Italiano; the screen switches language at once. Continue once chosen. */
import './strings';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { useWizard } from '../common/useWizard';
import { Choices } from './Choices';

const LANGUAGES = ['en', 'it'] as const;

export function ChooseLanguagePage() {
  const t = useT();
  const { dispatch } = useActions();
  const w = useWizard('choose-language');
  const chosen = useCore((s) => s.setup.language);
  return (
    <Page
      title={t('fux.language.title')}
      subtitle={t('fux.language.subtitle')}
      back={{ onClick: w.back }}
      next={{ onClick: () => w.next(), disabled: chosen === null }}
    >
      <Choices
        label={t('fux.language.title')}
        choices={LANGUAGES.map((value) => ({ value, label: t(`fux.language.${value}`) }))}
        selected={chosen}
        onPick={(language) => dispatch({ type: 'ui/languageChosen', language })}
      />
    </Page>
  );
}
