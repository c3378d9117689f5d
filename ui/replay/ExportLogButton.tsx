/**
 * 'Export log': downloads the kiosk's own event log (persisted across reloads and restarts) as JSON Lines.
 * Self-contained, for the diagnostic page; it registers the replay area's strings itself.
 */
import './strings';
import './exportLog.css';
import { useState } from 'react';
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { download } from './download';

/** `save` is the browser download by default; tests hand their own. */
export function ExportLogButton({ save = download }: { save?: typeof download }) {
  const t = useT();
  const actions = useActions();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const exportLog = async () => {
    setBusy(true);
    setFailed(false);
    try {
      // Streamed from storage into a file where the live worker can (a week of log: never one string).
      const file = actions.exportLogFile ? await actions.exportLogFile() : await actions.exportLog();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      save(file, `kiosk-log-${stamp}.jsonl`, 'application/x-ndjson');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
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
    </div>
  );
}
