/**
 * Every event of the log, scrolled through (virtualised: only the rows in view are asked of the worker, by their
 * place in its index), each with its time, type and a one-line summary. The list follows the cursor when the
 * moment shown changes; in between, a finger scrolls it freely. Touching a row moves the player there and opens
 * the event whole (EventPayload), where the one-line summary cuts it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../src/i18n';
import type { EventRow } from '../../worker/replayApi';
import { momentText } from './strings';
import { rowGeometry, scrollFor, useScrollView } from './useRowWindow';
import { EventPayload } from './EventPayload';
import type { EventRows } from './replayTypes';

export type { EventRows };

/** A row's pitch: a 64 px touch target and a 2 px gap. */
export const ROW_PX = 66;
/** Rows asked for beyond the view on each side, so a flick shows rows already there. */
const OVERSCAN = 8;
/** While scrolling or scrubbing, the rows are asked for at most this often (for reading, not for every frame). */
const REFRESH_MS = 80;
/** The view's height before the list has been laid out (and in tests, where nothing is). */
const FALLBACK_VIEW_PX = ROW_PX * 6;

interface Props {
  remote: EventRows | null;
  /** The log's events indexed so far. */
  total: number;
  position: number;
  onSeek(at: number): void;
}

export function EventList({ remote, total, position, onSeek }: Props) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const { scrollTop, viewPx: measured, measure } = useScrollView(scroller);
  const viewPx = measured || FALLBACK_VIEW_PX;
  const { height, top } = rowGeometry(total, ROW_PX, viewPx, scrollTop);
  const first = Math.max(0, Math.floor(top) - OVERSCAN);
  const count = Math.min(total - first, Math.ceil(viewPx / ROW_PX) + 2 * OVERSCAN);
  const [rows, setRows] = useState<EventRow[]>([]);
  const [current, setCurrent] = useState(-1);
  const [opened, setOpened] = useState<EventRow | null>(null);

  // The rows in view, asked for after the scroll settles a little; an answer for an older window is dropped.
  const asked = useRef(0);
  useEffect(() => {
    if (!remote || count <= 0) return undefined;
    const timer = setTimeout(() => {
      const id = ++asked.current;
      void remote.eventRows(first, count).then((r) => id === asked.current && setRows(r));
    }, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [remote, first, count]);

  // The event at the cursor, then the list scrolled to it: only when the moment changes, so a person's own
  // scrolling stays put while the player stands still. A person who scrolled while the worker looked the event
  // up (a log just opened, a seek) has chosen where to read: the answer marks the row but leaves the list there.
  useEffect(() => {
    if (!remote) return undefined;
    let live = true;
    const scrolledFrom = scroller.current?.scrollTop ?? 0;
    const timer = setTimeout(() => {
      void remote.eventsNear(position, 1).then(({ current: c }) => {
        if (!live) return;
        setCurrent(c);
        const el = scroller.current;
        if (!el || c < 0 || el.scrollTop !== scrolledFrom) return;
        const shownPx = el.clientHeight || FALLBACK_VIEW_PX;
        const shownTop = rowGeometry(total, ROW_PX, shownPx, el.scrollTop).top;
        if (c >= shownTop && c <= shownTop + shownPx / ROW_PX - 1) return;
        el.scrollTop = scrollFor(c, total, ROW_PX, shownPx);
        // Measured now rather than on the scroll event, which a browser sends a frame later.
        measure(el);
      });
    }, REFRESH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `total` grows while indexing: following it would pull the list back to the cursor on every report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote, position]);

  // Back from an event opened whole, the list is drawn afresh (scrolled to its top): it shows the cursor's row
  // again, the one just touched, as the follow above would have had the list been there.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (opened || !el || current < 0) return;
    el.scrollTop = scrollFor(current, total, ROW_PX, el.clientHeight || FALLBACK_VIEW_PX);
    measure(el);
    // Only on the way back: `current` and `total` change while the list is shown, and are followed above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  if (opened) {
    return <EventPayload remote={remote} row={opened} onClose={() => setOpened(null)} />;
  }
  return (
    <div className="replay-events">
      <p className="replay-events-count">{t('replay.eventCount', { count: total })}</p>
      <div ref={scroller} className="replay-events-scroll" onScroll={(e) => measure(e.currentTarget)} data-testid="replay-events-scroll">
        <ol className="replay-events-rows" style={{ height }} aria-label={t('replay.events')}>
          {rows.map((row) => (
            <li key={row.index} style={{ transform: `translateY(${scrollTop + (row.index - top) * ROW_PX}px)` }}>
              <button
                type="button"
                className={row.index === current ? 'replay-event replay-event-current' : 'replay-event'}
                aria-current={row.index === current ? 'true' : undefined}
                onClick={() => {
                  onSeek(row.at);
                  setOpened(row);
                }}
              >
                <span className="replay-event-time">{momentText(row.at).slice(11)}</span>
                <span className="replay-event-type">{row.type}</span>
                <span className="replay-event-summary">{row.summary}</span>
              </button>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
