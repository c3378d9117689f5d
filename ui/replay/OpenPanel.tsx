/** Opening a log: a file picker, a drop zone, the kiosk's own log; then the loading progress or the reason it failed. */
import { useState, type DragEvent } from 'react';
import { useT } from '../../src/i18n';
import type { ReplayInfo, ReplaySource } from '../../worker/replayApi';
import { TitleRow } from '../common/BackArrow';

interface Props {
  onOpen(source: ReplaySource): void;
  onOpenOwn(): void;
  progress: number | null;
  error: string | null;
  info: ReplayInfo | null;
}

export function OpenPanel({ onOpen, onOpenOwn, progress, error, info }: Props) {
  const t = useT();
  const [over, setOver] = useState(false);
  const openFile = (file: File | undefined) => {
    if (file) onOpen({ kind: 'file', file, name: file.name });
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    openFile(e.dataTransfer.files[0]);
  };
  return (
    <header
      className={over ? 'replay-open replay-open-over' : 'replay-open'}
      data-testid="replay-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <TitleRow back={{ label: t('nav.backTo.missions'), to: '/missions' }}>
        <h1>{t('replay.title')}</h1>
      </TitleRow>
      <label className="btn btn-secondary replay-file">
        {t('replay.open')}
        <input type="file" accept=".jsonl,.log,.txt,.mcap,application/json" onChange={(e) => openFile(e.target.files?.[0])} />
      </label>
      <button type="button" className="btn btn-secondary" onClick={onOpenOwn}>
        {t('replay.ownLog')}
      </button>
      <span className="replay-drop-hint">{t('replay.drop')}</span>
      {progress !== null && (
        <div className="replay-progress">
          <progress max={1} value={progress} aria-label={t('replay.loading', { percent: Math.round(progress * 100) })} />
          <span>{t('replay.loading', { percent: Math.round(progress * 100) })}</span>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {t('replay.failed', { reason: error })}
        </p>
      )}
      {info && (
        <p className="replay-summary">
          {info.name} · {t(info.events === 1 ? 'replay.summaryOne' : 'replay.summary', { events: info.events, bad: info.bad })}
        </p>
      )}
      {info?.failure && (
        <p className="form-error" role="alert">
          {t('replay.partial', { reason: info.failure })}
        </p>
      )}
    </header>
  );
}
