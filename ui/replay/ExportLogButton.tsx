/**
 * 'Export log': the kiosk's own event log (persisted across reloads and restarts) as JSON Lines. It answers as
 * the CSV exports do, with 'Your file is ready to download' and the file's link (which downloads it) and Ok:
 * one behaviour for every export. Self-contained, for the diagnostic page; it registers the replay area's
 * strings itself.
 */
import './strings';
import './exportLog.css';
import '../data/shared.css';
import { useState } from 'react';
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';

/** Marks where the link goes inside the translated sentence, so each language places it itself. */
const SLOT = '\u0000';

/** The file's address for its link: a blob URL in the browser; tests hand their own. */
export type MakeUrl = (data: string | Blob, type: string) => string;
const blobUrl: MakeUrl = (data, type) => URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));

export function ExportLogButton({ makeUrl = blobUrl }: { makeUrl?: MakeUrl }) {
  const t = useT();
  const actions = useActions();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState<{ url: string; name: string } | null>(null);
  const exportLog = async () => {
    setBusy(true);
    setFailed(false);
    try {
      // Streamed from storage into a file where the live worker can (a week of log: never one string).
      const file = actions.exportLogFile ? await actions.exportLogFile() : await actions.exportLog();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      setReady({ url: makeUrl(file, 'application/x-ndjson'), name: `kiosk-log-${stamp}.jsonl` });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (ready?.url.startsWith('blob:')) URL.revokeObjectURL(ready.url);
    setReady(null);
  };
  const [before, after] = t('replay.logAt', { downloadLink: SLOT }).split(SLOT);
  return (
    <div className="export-log">
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void exportLog()}>
        {t('replay.exportLog')}
      </button>
      {failed && (
        <p className="form-error" role="alert">
          {t('replay.exportLogFailed')}
        </p>
      )}
      {ready && (
        <Dialog
          title={t('replay.logReady')}
          body={
            <>
              {before}
              <a className="download-link" href={ready.url} download={ready.name} data-testid="log-link">
                {ready.name}
              </a>
              {after}
            </>
          }
          onDismiss={close}
          testId="export-log-modal"
        >
          <button type="button" className="btn btn-primary" onClick={close} autoFocus>
            {t('replay.ok')}
          </button>
        </Dialog>
      )}
    </div>
  );
}
