/**
 * The search of a log held whole, line by line, each event read again from its line with no image put back, as
 * the replay page reads a line (worker/replaySearch.ts): the oracle the streamed searches are held to.
 */
import { readEventLine, readLog } from '../../core/log/eventLog';
import { EventSearch, type SearchMatch, type SearchQuery } from '../../core/log/search';

export function wholeSearch(text: string, query: SearchQuery): SearchMatch[] {
  const search = new EventSearch(query);
  const out: SearchMatch[] = [];
  readLog(text, Number.POSITIVE_INFINITY, (all, _offset, starts, ends) =>
    all.forEach((_, k) => {
      const line = text.slice(starts[k], ends[k]! - 1);
      const m = search.match(line, readEventLine(line, new Map())!, k);
      if (m) out.push(m);
    }),
  );
  return out;
}
