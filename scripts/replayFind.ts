/**
 * `npm run replay -- FILE --find TEXT`: the search of the replay page (core/log/search.ts, as
 * worker/replaySearch.ts asks it) over a log file, streamed: each match is handed over as it is found, so a
 * log of any size is searched in the memory of one batch.
 */
import { readEventLine } from '../core/log/eventLog';
import { imageHolder } from '../core/log/logImages';
import { EventSearch, type SearchMatch, type SearchQuery } from '../core/log/search';
import type { LogFile } from './logFile';

/** Images are not put back into the events matched: a match's summary names an image by its hash, as on the page. */
const NO_IMAGES: ReadonlyMap<string, string> = new Map();

/**
 * Hands every event of `log` (opened `withLines`) that `query` matches to `onMatch`, in log order, with its
 * place in the log. `onBatch` is awaited after each batch of events searched: a caller printing the matches
 * writes them there (shown as found, even when a term is rare) and waits for its reader. Returns how many
 * matched and how many events were read.
 */
export async function findInFile(
  log: LogFile,
  query: SearchQuery,
  onMatch: (match: SearchMatch) => void,
  onBatch: () => Promise<void> = async () => {},
): Promise<{ found: number; events: number }> {
  const search = new EventSearch(query);
  let index = 0;
  let found = 0;
  for await (const batch of log.batches) {
    const lines = log.lines();
    for (let k = 0; k < batch.length; k++, index++) {
      const line = lines[k]!;
      const lower = line.toLowerCase();
      if (!search.mayHold(lower)) continue;
      // The reader put the map image back into the event; the page's event holds its hash, read from the line.
      const event = imageHolder(batch[k]!) ? (readEventLine(line, NO_IMAGES) ?? batch[k]!) : batch[k]!;
      const match = search.match(line, event, index, lower);
      if (!match) continue;
      found += 1;
      onMatch(match);
    }
    await onBatch();
  }
  return { found, events: index };
}
