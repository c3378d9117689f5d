/**
 * Playback: play and pause at 0.1x to 20x, skipping idle stretches; step to the previous or next event or
 * marker; the moment shown; and 'Copy link' to share it. The playback itself is the replay worker's state.
 * A link holds the log's address (a URL, `own` for the kiosk's own log); a log opened from a file has none, so
 * its link would open an empty page: the bar says so instead of copying one.
 */
import { useState } from 'react';
import { useT } from '../../src/i18n';
import type { ReplayControls } from '../../src/bridge/useReplay';
import type { ReplayInfo } from '../../worker/replayApi';
import { momentText } from './strings';

const SPEEDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20];

/** `logUrl`: what a link names the log by (an address, or `own`); null for a file, which no link can open. */
export function PlaybackBar({ replay, info, logUrl }: { replay: ReplayControls; info: ReplayInfo; logUrl: string | null }) {
  const t = useT();
  const [copied, setCopied] = useState<{ text: string; done: boolean } | null>(null);
  const position = replay.position ?? info.first ?? 0;

  const copyLink = async () => {
    if (!logUrl) {
      setCopied({ text: t('replay.fileNoLink', { moment: momentText(position) }), done: false });
      return;
    }
    const query = new URLSearchParams();
    query.set('log', logUrl);
    query.set('at', String(Math.round(position)));
    const link = `${window.location.origin}/replay?${query.toString()}`;
    try {
      await navigator.clipboard.writeText(link);
      setCopied({ text: t('replay.copied', { link }), done: true });
    } catch {
      setCopied({ text: t('replay.copyFailed', { link }), done: false });
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
      {copied && (
        <p className={copied.done ? 'replay-copied' : 'replay-copied replay-copied-not'} role="status">
          {copied.text}
        </p>
      )}
    </div>
  );
}
