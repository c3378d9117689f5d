/**
 * 'Search events' over the whole log (the replay worker matches the event's line, whatever the case: its type, a
 * robot frame's name, alert codes, route paths, any text in it; even while the log is still indexed). The first
 * page of 'Found events' answers at once and the count follows ('N found'); chips narrow it by kind, and a chip
 * with no text lists every event of its kind. Touching a match moves the player to that event. The query and
 * chips are visual state; the matching is the worker's.
 */
import { useEffect, useState } from 'react';
import { useT } from '../../src/i18n';
import { TextField } from '../keyboard/TextField';
import { EVENT_KINDS, type DebugApi, type EventKind, type SearchMatch } from '../../worker/debugApi';
import { momentText } from './strings';

/** What the panel asks of the replay worker: a page of matches, then the whole count. */
export type SearchSource = Pick<DebugApi, 'search' | 'searchCount'>;

/** Matches a page: a screenful and some. */
const PAGE = 50;
/** Typing pauses this long before the worker is asked (each key would otherwise start a scan of the log). */
const TYPING_MS = 250;

interface Found {
  matches: SearchMatch[];
  pages: number;
  total: number | null;
  counted: number;
}

export function SearchPanel({ remote, onSeek }: { remote: SearchSource | null; onSeek(at: number): void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [kinds, setKinds] = useState<EventKind[]>([]);
  const [found, setFound] = useState<Found | null>(null);
  const asking = text.trim() !== '' || kinds.length > 0;

  useEffect(() => {
    if (!remote || !asking) return undefined;
    let live = true;
    const query = { text, kinds };
    const timer = setTimeout(() => {
      void remote.search(query, 0, PAGE).then((p) => {
        if (!live) return;
        setFound({ matches: p.matches, pages: 1, total: p.total, counted: p.counted });
        if (p.total !== null) return;
        // The count follows; once it is known, the first page is asked again if the log was not all searched yet.
        void remote.searchCount(query, PAGE).then((count) => {
          if (!live || !count) return;
          setFound((f) => f && { ...f, total: count.total, counted: count.total });
          if (p.matches.length < Math.min(PAGE, count.total)) void remote.search(query, 0, PAGE).then((again) => live && setFound((f) => f && { ...f, matches: again.matches }));
        });
      });
    }, TYPING_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      setFound(null);
    };
  }, [remote, asking, text, kinds]);

  const more = async () => {
    if (!remote || !found) return;
    const p = await remote.search({ text, kinds }, found.pages, PAGE);
    setFound((f) => f && { ...f, matches: f.matches.concat(p.matches), pages: f.pages + 1 });
  };
  const toggle = (kind: EventKind) => setKinds((k) => (k.includes(kind) ? k.filter((x) => x !== kind) : EVENT_KINDS.filter((x) => x === kind || k.includes(x))));
  const count = found ? (found.total ?? found.counted) : 0;
  const moreToShow = found !== null && (found.total === null ? found.matches.length === found.pages * PAGE : found.matches.length < found.total);

  return (
    <div className="replay-search">
      {/* The count beside the field, so it shows while the on-screen keyboard takes the panel's lower half. */}
      {/* A named search landmark around the field (issue 42), so assistive tools find the log's search. */}
      <div className="replay-filter replay-search-row" role="search" aria-label={t('replay.searchRegion')}>
        <TextField label={t('replay.search')} value={text} onChange={setText} maxLength={80} testId="replay-search" />
        {found && asking && (
          <p className="replay-found-count" role="status">
            {t(found.total === null ? 'replay.foundSoFar' : 'replay.foundCount', { count })}
          </p>
        )}
      </div>
      <div className="replay-chips" role="group" aria-label={t('replay.searchKinds')}>
        {EVENT_KINDS.map((kind) => (
          <button key={kind} type="button" className="replay-chip" aria-pressed={kinds.includes(kind)} onClick={() => toggle(kind)}>
            {t(`replay.searchKind.${kind}`)}
          </button>
        ))}
      </div>
      {found && asking && (
        <ol className="replay-found" aria-label={t('replay.found')}>
          {found.matches.map((m) => (
            <li key={m.index}>
              <button type="button" className="replay-event" onClick={() => onSeek(m.at)}>
                <span className="replay-event-time">{momentText(m.at).slice(11)}</span>
                <span className="replay-event-type">{m.type}</span>
                <span className="replay-event-summary">{m.summary}</span>
              </button>
            </li>
          ))}
          {moreToShow && (
            <li>
              <button type="button" className="btn btn-ghost replay-more" onClick={() => void more()}>
                {t('replay.showMore')}
              </button>
            </li>
          )}
        </ol>
      )}
    </div>
  );
}
