/** /missions/new-path-mission (spec 2.3): destinations, then activities per step, then the overview. */
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { Dialog } from '../../common/Dialog';
import { useFormat } from '../../common/format';
import { DestinationStage } from './DestinationStage';
import { ActivityStage } from './ActivityStage';
import { OverviewStage } from './OverviewStage';
import { nameSlot, TextWithName } from '../../common/TextWithName';

export function PathWizard() {
  const t = useT();
  const f = useFormat();
  const { dispatch } = useActions();
  const stage = useCore((s) => s.path.stage);
  const notConfigured = useCore((s) => s.path.notConfigured);
  return (
    <>
      {stage === 'destinations' && <DestinationStage />}
      {stage === 'activities' && <ActivityStage />}
      {stage === 'overview' && <OverviewStage />}
      {notConfigured && (
        <Dialog
          title={t('path.notConfiguredTitle')}
          body={
            <>
              <TextWithName text={t(`path.notConfiguredBody.${f.plural(notConfigured.length) === 'one' ? 'one' : 'other'}`, { list: nameSlot(0) })} names={[notConfigured.join(', ')]} lines={3} /> {t('path.notConfiguredHint')}
            </>
          }
          tone="warn"
          testId="not-configured"
          onDismiss={() => dispatch({ type: 'ui/pathDialogClosed' })}
        >
          <button type="button" className="btn btn-primary" autoFocus onClick={() => dispatch({ type: 'ui/pathDialogClosed' })}>
            {t('path.understand')}
          </button>
        </Dialog>
      )}
    </>
  );
}
