/**
 * The debug page for engineers: open a recorded event log and scrub through it, with the real UI rendering
 * the replayed state of each moment.
 */
import { useState, type ChangeEvent } from 'react';
import { useSyncExternalStore } from 'react';
import { CoreProvider } from '../../src/bridge/CoreContext';
import { inertActions } from '../../src/bridge/actions';
import { useReplay } from '../../src/bridge/useReplay';
import { useT } from '../../src/i18n';
import { App } from '../App';

const SPEEDS = [1, 10, 60];

export function ReplayPage() {
  const t = useT();
  const replay = useReplay();
  const [position, setPosition] = useState<number | null>(null);
  const [speed, setSpeed] = useState(SPEEDS[0]!);
  const hasState = useSyncExternalStore(replay.store.subscribe, () => replay.store.getSnapshot() !== null);
  const shownAt = useSyncExternalStore(replay.store.subscribe, () => replay.store.getSnapshot()?.clock.now ?? null);
  const { info } = replay;

  const open = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    await replay.load(await file.text());
    setPosition(null);
  };
  const seek = (at: number) => {
    setPosition(at);
    replay.seek(at);
  };

  return (
    <section className="replay">
      <header className="replay-controls">
        <h1>{t('replay.title')}</h1>
        <label className="replay-open">
          {t('replay.open')}
          <input type="file" accept=".jsonl,.log,.txt,application/json" onChange={open} />
        </label>
        {info && info.first !== null && info.last !== null && (
          <>
            <input
              className="replay-scrubber"
              type="range"
              aria-label={t('replay.position')}
              min={info.first}
              max={info.last}
              step={100}
              value={position ?? info.first}
              onChange={(e) => seek(Number(e.target.value))}
            />
            <button type="button" onClick={() => replay.play(speed)}>{t('replay.play')}</button>
            <button type="button" onClick={() => replay.pause()}>{t('replay.pause')}</button>
            <label>
              {t('replay.speed')}
              <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
                {SPEEDS.map((s) => (
                  <option key={s} value={s}>{`${s}x`}</option>
                ))}
              </select>
            </label>
            <output>{new Date(position ?? shownAt ?? info.first).toISOString()}</output>
            <p>{t('replay.summary', { events: info.events, bad: info.bad })}</p>
          </>
        )}
      </header>
      {hasState ? (
        <div className="replay-frame">
          <CoreProvider store={replay.store} actions={inertActions}>
            <App />
          </CoreProvider>
        </div>
      ) : (
        <p className="replay-empty">{t('replay.empty')}</p>
      )}
    </section>
  );
}
