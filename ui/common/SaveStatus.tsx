/** The action bar's status for a wizard save: progress while it takes, a translated error when it failed. */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Busy } from './Busy';

export function SaveStatus() {
  const t = useT();
  const save = useCore((s) => s.setup.save);
  if (save === 'failed')
    return (
      <p className="form-error" role="alert" data-testid="save-error">
        {t('common.saveFailed')}
      </p>
    );
  return <Busy active={save === 'pending'} />;
}
