/**
 * Clips: mark a start and an end at the cursor (the timeline shades the range), then export that range as a
 * clip (JSON Lines, its first line the state at the start) or as MCAP; with no range, MCAP holds the whole log.
 */
import type * as Comlink from 'comlink';
import { useT } from '../../src/i18n';
import type { ReplayApi, ReplayInfo } from '../../worker/replayApi';
import { download } from './download';

export interface ClipMarks {
  from: number | null;
  to: number | null;
}

/** The range two marks make, the log's own ends standing in for a missing one; null with no mark. */
export function clipRange(marks: ClipMarks, info: ReplayInfo): { from: number; to: number } | null {
  if (marks.from === null && marks.to === null) return null;
  const a = marks.from ?? info.first ?? 0;
  const b = marks.to ?? info.last ?? a;
  return { from: Math.min(a, b), to: Math.max(a, b) };
}

interface Props {
  remote: Comlink.Remote<ReplayApi> | null;
  info: ReplayInfo;
  position: number;
  marks: ClipMarks;
  onMarks(marks: ClipMarks): void;
}

export function ClipBar({ remote, info, position, marks, onMarks }: Props) {
  const t = useT();
  const range = clipRange(marks, info);
  const base = info.name.replace(/\.(jsonl|log|txt|mcap)$/, '');

  const exportClip = async () => {
    if (!remote || !range) return;
    download(await remote.clip(range.from, range.to), `${base}-${range.from}-${range.to}.jsonl`, 'application/x-ndjson');
  };
  const exportMcap = async () => {
    if (!remote) return;
    download(await remote.exportMcap(range), `${base}${range ? `-${range.from}-${range.to}` : ''}.mcap`, 'application/octet-stream');
  };

  return (
    <div className="replay-clip">
      <button type="button" className="btn btn-ghost" onClick={() => onMarks({ ...marks, from: Math.round(position) })}>{t('replay.clipFrom')}</button>
      <button type="button" className="btn btn-ghost" onClick={() => onMarks({ ...marks, to: Math.round(position) })}>{t('replay.clipTo')}</button>
      <button type="button" className="btn btn-secondary" disabled={!range} onClick={() => void exportClip()}>{t('replay.exportClip')}</button>
      <button type="button" className="btn btn-secondary" onClick={() => void exportMcap()}>{t('replay.exportMcap')}</button>
    </div>
  );
}
