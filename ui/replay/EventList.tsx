/** The events around the cursor, each with its type and a one-line summary; touching one jumps to it. */
import { useEffect, useRef, useState } from 'react';
import type * as Comlink from 'comlink';
import { useT } from '../../src/i18n';
import type { EventRow, ReplayApi } from '../../worker/replayApi';
import { momentText } from './strings';

/** Rows shown: as many as fit beside the replayed screen at 66 px each. */
const ROWS = 7;
/** While scrubbing, the list follows at most this often (it is for reading, not for every frame). */
const REFRESH_MS = 120;

interface Props {
  remote: Comlink.Remote<ReplayApi> | null;
  position: number;
  onSeek(at: number): void;
}

export function EventList({ remote, position, onSeek }: Props) {
  const t = useT();
  const [rows, setRows] = useState<{ rows: EventRow[]; current: number }>({ rows: [], current: -1 });
  const latest = useRef(position);
  useEffect(() => {
    latest.current = position;
  });
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!remote || pending.current !== null) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void remote.eventsNear(latest.current, ROWS).then(setRows);
    }, REFRESH_MS);
  }, [remote, position]);
  useEffect(() => () => {
    if (pending.current !== null) clearTimeout(pending.current);
  }, []);

  return (
    <section className="replay-events" aria-label={t('replay.events')}>
      <h2>{t('replay.events')}</h2>
      <ol>
        {rows.rows.map((row) => (
          <li key={row.index}>
            <button
              type="button"
              className={row.index === rows.current ? 'replay-event replay-event-current' : 'replay-event'}
              aria-current={row.index === rows.current ? 'true' : undefined}
              onClick={() => onSeek(row.at)}
            >
              <span className="replay-event-time">{momentText(row.at).slice(11)}</span>
              <span className="replay-event-type">{row.type}</span>
              <span className="replay-event-summary">{row.summary}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
