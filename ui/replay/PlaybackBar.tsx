/**
 * Playback: play and pause at 0.1x to 20x, skipping idle stretches; step to the previous or next event or
 * marker; the moment shown; and 'Copy link' to share it. The playback itself is the replay worker's state.
 */
import { useState } from 'react';
import { useT } from '../../src/i18n';
import type { ReplayControls } from '../../src/bridge/useReplay';
import type { ReplayInfo } from '../../worker/replayApi';
import { momentText } from './strings';

const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20];

export function PlaybackBar({ replay, info, logUrl }: { replay: ReplayControls; info: ReplayInfo; logUrl: string | null }) {
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  const position = replay.position ?? info.first ?? 0;

  const copyLink = async () => {
    const query = new URLSearchParams();
    if (logUrl) query.set('log', logUrl);
    query.set('at', String(Math.round(position)));
    const link = `${window.location.origin}/replay?${query.toString()}`;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(t('replay.copied', { link }));
    } catch {
      setCopied(t('replay.copyFailed', { link }));
    }
  };
  return (
    <div className="replay-playback">
      <button type="button" className="btn btn-secondary" onClick={() => replay.step('marker', -1)}>{t('replay.prevMarker')}</button>
      <button type="button" className="btn btn-secondary" onClick={() => replay.step('event', -1)}>{t('replay.prevEvent')}</button>
      {replay.playing ? (
        <button type="button" className="btn btn-primary" onClick={replay.pause}>{t('replay.pause')}</button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={replay.play}>{t('replay.play')}</button>
      )}
      <button type="button" className="btn btn-secondary" onClick={() => replay.step('event', 1)}>{t('replay.nextEvent')}</button>
      <button type="button" className="btn btn-secondary" onClick={() => replay.step('marker', 1)}>{t('replay.nextMarker')}</button>
      <label className="replay-speed">
        {t('replay.speed')}
        <select value={replay.speed} onChange={(e) => replay.chooseSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>{`${s}x`}</option>
          ))}
        </select>
      </label>
      <label className="replay-check">
        <input type="checkbox" checked={replay.skipIdle} onChange={(e) => replay.chooseSkipIdle(e.target.checked)} />
        {t('replay.skipIdle')}
      </label>
      <output className="replay-moment" data-testid="replay-moment">{momentText(position)}</output>
      <button type="button" className="btn btn-secondary" onClick={() => void copyLink()}>{t('replay.copyLink')}</button>
      {copied && <p className="replay-copied" role="status">{copied}</p>}
    </div>
  );
}
