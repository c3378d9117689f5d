/** Clips: mark a start and an end on the timeline, then export that range as a clip (JSON Lines) or as MCAP. */
import { useState } from 'react';
import type * as Comlink from 'comlink';
import { useT } from '../../src/i18n';
import type { ReplayApi, ReplayInfo } from '../../worker/replayApi';
import { download } from './download';
import { momentText } from './strings';

interface Props {
  remote: Comlink.Remote<ReplayApi> | null;
  info: ReplayInfo;
  position: number;
}

export function ClipBar({ remote, info, position }: Props) {
  const t = useT();
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const start = from ?? info.first ?? position;
  const end = to ?? info.last ?? position;
  const range = from !== null || to !== null ? { from: Math.min(start, end), to: Math.max(start, end) } : null;
  const base = info.name.replace(/\.(jsonl|log|txt|mcap)$/, '');

  const exportClip = async () => {
    if (!remote || !range) return;
    download(await remote.clip(range.from, range.to), `${base}-${range.from}-${range.to}.jsonl`, 'application/x-ndjson');
  };
  const exportMcap = async () => {
    if (!remote) return;
    const bytes = await remote.exportMcap(range);
    download(bytes as Uint8Array<ArrayBuffer>, `${base}${range ? `-${range.from}-${range.to}` : ''}.mcap`, 'application/octet-stream');
  };

  return (
    <div className="replay-clip">
      <button type="button" className="btn btn-ghost" onClick={() => setFrom(Math.round(position))}>{t('replay.clipFrom')}</button>
      <button type="button" className="btn btn-ghost" onClick={() => setTo(Math.round(position))}>{t('replay.clipTo')}</button>
      <span className="replay-clip-range">{t('replay.clipRange', { from: momentText(range?.from ?? start), to: momentText(range?.to ?? end) })}</span>
      <button type="button" className="btn btn-secondary" disabled={!range} onClick={() => void exportClip()}>{t('replay.exportClip')}</button>
      <button type="button" className="btn btn-secondary" onClick={() => void exportMcap()}>{t('replay.exportMcap')}</button>
    </div>
  );
}
