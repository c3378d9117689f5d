/** /fux/choose-country: Austria, England, Italy or Switzerland; Continue once chosen. */
import './strings';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { useWizard } from '../common/useWizard';
import { Choices } from './Choices';

const COUNTRIES = ['AU', 'EN', 'IT', 'CH'] as const;

export function ChooseCountryPage() {
  const t = useT();
  const { dispatch } = useActions();
  const w = useWizard('choose-country');
  const chosen = useCore((s) => s.setup.country);
  return (
    <Page
      title={t('fux.country.title')}
      subtitle={t('fux.country.subtitle')}
      back={{ onClick: w.back }}
      next={{ onClick: () => w.next(), disabled: chosen === null }}
    >
      <Choices
        label={t('fux.country.title')}
        columns={2}
        choices={COUNTRIES.map((value) => ({ value, label: t(`fux.country.${value}`) }))}
        selected={chosen}
        onPick={(country) => dispatch({ type: 'ui/countryChosen', country })}
      />
    </Page>
  );
}
