/**
 * "Report a problem": asks "What happened?" (typed on the on-screen keyboard) and sends the note with the last
 * 15 minutes of the kiosk's log (the worker makes and sends the clip, worker/reportDesk.ts). Then it says what
 * became of it: sent, kept on the kiosk to go later, or refused with the reason. The typed note stays until
 * the report is sent, so a refusal or a failure loses nothing.
 */
import './reportDialog.css';
import { useId, useState } from 'react';
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { ReportOutcome } from '../../worker/reportSender';
import { TextField } from '../keyboard/TextField';

/** Enough for what an operator saw, short enough to type on a touch screen. */
const NOTE_MAX = 500;

type Phase = { kind: 'editing' } | { kind: 'sending' } | ReportOutcome;

export function ReportDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const id = useId();
  const { reportProblem } = useActions();
  const [note, setNote] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const send = async () => {
    if (!reportProblem || note.trim() === '' || phase.kind === 'sending') return;
    setPhase({ kind: 'sending' });
    setPhase(await reportProblem(note).catch((e: unknown): ReportOutcome => ({ kind: 'failed', message: String(e) })));
  };
  const done = phase.kind === 'sent' || phase.kind === 'kept';
  return (
    <div className="backdrop report-backdrop">
      <div className="dialog report-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} data-testid="report-dialog">
        <h2 id={`${id}-title`}>{t('report.title')}</h2>
        {!done && (
          <>
            <TextField label={t('report.question')} value={note} onChange={setNote} maxLength={NOTE_MAX} autoFocus disabled={phase.kind === 'sending'} testId="report-note" counted />
            <p className="report-hint">{t('report.hint')}</p>
          </>
        )}
        <p className={phase.kind === 'refused' || phase.kind === 'failed' ? 'form-error' : 'report-status'} role="status">
          {statusText(phase, t)}
        </p>
        <div className="dialog-actions">
          {done ? (
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('report.close')}
            </button>
          ) : (
            <>
              <button type="button" className="btn btn-secondary" onClick={onClose} disabled={phase.kind === 'sending'}>
                {t('report.cancel')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void send()} disabled={note.trim() === '' || phase.kind === 'sending' || !reportProblem}>
                {t('report.send')}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function statusText(phase: Phase, t: ReturnType<typeof useT>): string {
  switch (phase.kind) {
    case 'editing':
      return '';
    case 'sending':
      return t('report.sending');
    case 'sent':
      return t('report.sent');
    case 'kept':
      return t('report.kept');
    case 'refused':
      return t('report.refused', { reason: phase.message });
    case 'failed':
      return t('report.failed', { reason: phase.message });
  }
}
