/**
 * The CSV export's outcome: 'Your file is ready to download' with the file's link (it downloads the file), and
 * Ok; or, when the export failed, a plain message that says so. Shared by the data and diagnostic pages.
 */
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';
import type { ExportState } from '../../core/data/missionData';

/** Marks where the link goes inside the translated sentence, so each language places it itself. */
const SLOT = '\u0000';

export function ExportModal({ state, onOk }: { state: ExportState; onOk(): void }) {
  const t = useT();
  if (state.status === 'ready' && state.path) {
    const [before, after] = t('dataShared.csvAt', { downloadLink: SLOT }).split(SLOT);
    const name = state.path.split('/').pop() ?? state.path;
    return (
      <Dialog
        title={t('dataShared.csvReady')}
        body={
          <>
            {before}
            <a className="download-link" href={state.path} download={name} data-testid="download-link">
              {state.path}
            </a>
            {after}
          </>
        }
        onDismiss={onOk}
        testId="export-modal"
      >
        <button type="button" className="btn btn-primary" onClick={onOk} autoFocus>
          {t('dataShared.ok')}
        </button>
      </Dialog>
    );
  }
  if (state.status === 'failed')
    return (
      <Dialog title={t('dataShared.csvFailedTitle')} body={t('dataShared.csvFailed')} onDismiss={onOk} tone="danger" testId="export-failed">
        <button type="button" className="btn btn-primary" onClick={onOk} autoFocus>
          {t('dataShared.ok')}
        </button>
      </Dialog>
    );
  return null;
}
