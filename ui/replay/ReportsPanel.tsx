/**
 * The back end's problem reports on /replay: a list labelled "Reports", each with its time, its note and its size,
 * "Open" (the clip at the reported moment, marked with the note) and "Download" (the clip's file). Shown only
 * when the page is served by a back end with reports (a 404/405 shows nothing), and to a logged-in person: a
 * file or a link stays open to anyone, the robot's reports do not. While a log is open the list folds away
 * behind a button, to leave the replay its room.
 */
import './reports.css';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { ReportEntry, ReportListing } from '../../worker/reportList';
import { momentText } from './strings';

/** A report's clip (api.md): the replay page opens it as a log, and "Download" saves it. */
export const reportLogPath = (id: number) => `/api/reports/${id}/log`;

interface Props {
  /** Opens a report's clip at its moment. */
  onOpen(report: ReportEntry): void;
  /** The report on show, if the open log is one. */
  openedId: number | null;
  /** Whether a log is open (the list then folds away). */
  logOpen: boolean;
}

export function ReportsPanel({ onOpen, openedId, logOpen }: Props) {
  const t = useT();
  const id = useId();
  const { listReports } = useActions();
  const login = useCore((s) => s.session.login);
  const [listing, setListing] = useState<ReportListing | null>(null);
  const [shown, setShown] = useState(false);
  const refresh = useCallback(() => {
    if (listReports && login) void listReports().then(setListing);
  }, [listReports, login]);
  useEffect(refresh, [refresh]);

  if (!listReports || listing?.kind === 'none') return null;
  // Over an open log, the invitation is one button at the open row's end: a row of its own would push the
  // playback bar's second line (Italian's: the moment and Copy link) off the bottom of the screen.
  if (!login && logOpen)
    return (
      <Link href="/login" className="btn btn-secondary replay-reports-login-short">
        {t('replay.reports.loginShort')}
      </Link>
    );
  if (!login)
    return (
      <p className="replay-reports-login">
        {t('replay.reports.login')}{' '}
        <Link href="/login" className="btn btn-secondary">
          {t('replay.reports.loginButton')}
        </Link>
      </p>
    );
  const reports = listing?.kind === 'list' ? listing.reports : [];
  const open = !logOpen || shown;
  return (
    <section
      // Over an open log the closed list is only its title and button, clear of the open row's buttons.
      className={logOpen ? `replay-reports replay-reports-over${open ? ' replay-reports-over-open' : ''}` : 'replay-reports'}
      // Closed over a log it is only its button; the region keeps its name.
      {...(logOpen && !open ? { 'aria-label': t('replay.reports.title') } : { 'aria-labelledby': `${id}-title` })}
    >
      <div className="replay-reports-head">
        {(!logOpen || open) && <h2 id={`${id}-title`}>{t('replay.reports.title')}</h2>}
        {logOpen && (
          <button
            type="button"
            className="btn btn-ghost"
            aria-expanded={open}
            onClick={() => {
              if (!shown) refresh();
              setShown(!shown);
            }}
          >
            {open ? t('replay.reports.hide') : t('replay.reports.show', { count: reports.length })}
          </button>
        )}
      </div>
      {open && listing?.kind === 'error' && (
        <p className="form-error" role="alert">
          {t('replay.reports.failed', { reason: listing.message })}
        </p>
      )}
      {open && listing?.kind === 'list' && reports.length === 0 && <p className="replay-reports-none">{t('replay.reports.none')}</p>}
      {open && reports.length > 0 && (
        <ul className="replay-reports-list" aria-label={t('replay.reports.title')}>
          {reports.map((r) => (
            <li key={r.id} className={r.id === openedId ? 'replay-report replay-report-open' : 'replay-report'} aria-current={r.id === openedId ? 'true' : undefined}>
              <span className="replay-report-time">{momentText(Date.parse(r.at))}</span>
              <span className="replay-report-note">{r.note}</span>
              <span className="replay-report-size">{sizeText(r.bytes, t)}</span>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setShown(false);
                  onOpen(r);
                }}
              >
                {t('replay.reports.open')}
              </button>
              <a className="btn btn-ghost" href={reportLogPath(r.id)} download={`report-${r.id}.jsonl`}>
                {t('replay.reports.download')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A clip's size as an engineer reads it: kB below a megabyte, MB with one decimal above. */
function sizeText(bytes: number, t: ReturnType<typeof useT>): string {
  if (bytes < 1_000_000) return t('replay.reports.sizeKb', { size: Math.max(1, Math.round(bytes / 1_000)) });
  return t('replay.reports.sizeMb', { size: (bytes / 1_000_000).toFixed(1) });
}
