/** /fux/load-step-right and /fux/load-step-left: the shelf layout of one side, as three pictures. */
import './strings';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { SaveStatus } from '../common/SaveStatus';
import { useWizard } from '../common/useWizard';
import { Choices } from './Choices';
import { ShelfPicture } from './ShelfPicture';

const LAYOUTS = [
  { value: 0, key: 'free' },
  { value: 1, key: 'double' },
  { value: 2, key: 'triple' },
] as const;

export function LoadStepPage({ side }: { side: 'right' | 'left' }) {
  const t = useT();
  const { dispatch } = useActions();
  const w = useWizard(side === 'right' ? 'load-step-right' : 'load-step-left');
  const chosen = useCore((s) => (side === 'right' ? s.setup.layoutRight : s.setup.layoutLeft));
  const title = t(side === 'right' ? 'fux.load.rightTitle' : 'fux.load.leftTitle');
  return (
    <Page
      title={title}
      subtitle={t('fux.load.subtitle')}
      back={{ onClick: w.back }}
      next={{ onClick: () => w.next(), disabled: chosen === null || w.saving }}
      status={<SaveStatus />}
    >
      <Choices
        label={title}
        choices={LAYOUTS.map(({ value, key }) => ({
          value,
          label: t(`fux.load.${key}`),
          hint: t(`fux.load.${key}Hint`),
          picture: <ShelfPicture layout={value} />,
        }))}
        selected={chosen}
        onPick={(layout) => dispatch({ type: 'ui/loadLayoutChosen', side, layout })}
      />
    </Page>
  );
}
