/**
 * 'State': the core's observable state at the cursor (the object `npm run replay -- FILE --json --at MS`
 * prints, asked of the replay worker), as a tree slice by slice. 'Expand all', 'Collapse all', a filter by path
 * or value (the on-screen keyboard types it), and 'Copy as JSON'. Which rows are open is visual state, kept
 * while the player moves, so a slice being watched stays open.
 */
import { useMemo, useState } from 'react';
import { useT } from '../../src/i18n';
import type { DebugApi } from '../../worker/debugApi';
import { TextField } from '../keyboard/TextField';
import { containerPaths, jsonRows } from './jsonRows';
import { useWorkerAnswer } from './useWorkerAnswer';
import { JsonRowList } from './JsonRowList';

/** What the panel asks of the replay worker: the observable state at a moment (null with no log open). */
export type StateSource = Pick<DebugApi, 'stateAt'>;

export function StatePanel({ remote, position }: { remote: StateSource | null; position: number }) {
  const t = useT();
  const state = useWorkerAnswer(remote && (() => remote.stateAt(position)), [remote, position]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [filter, setFilter] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const rows = useMemo(() => (state == null ? [] : jsonRows(state, open, filter)), [state, open, filter]);
  const toggle = (path: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(state, null, 2));
      setNote(t('replay.stateCopied'));
    } catch {
      setNote(t('replay.stateCopyFailed'));
    }
  };
  return (
    <div className="replay-state">
      <div className="replay-panel-bar">
        <button type="button" className="btn btn-ghost" disabled={state == null} onClick={() => setOpen(new Set(containerPaths(state)))}>
          {t('replay.expandAll')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(new Set())}>
          {t('replay.collapseAll')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={state == null} onClick={() => void copy()}>
          {t('replay.copyJson')}
        </button>
        {note && (
          <span className="replay-panel-note" role="status">
            {note}
          </span>
        )}
      </div>
      <div className="replay-filter">
        <TextField label={t('replay.stateFilter')} value={filter} onChange={setFilter} maxLength={80} testId="replay-state-filter" />
      </div>
      {state == null ? (
        <p className="replay-panel-note">{t('replay.reading')}</p>
      ) : rows.length === 0 ? (
        <p className="replay-panel-note">{t('replay.stateNoMatch')}</p>
      ) : (
        <JsonRowList rows={rows} label={t('replay.state')} onToggle={filter ? undefined : toggle} />
      )}
    </div>
  );
}
