/**
 * Search over a log open in the replay worker, the whole of it, with memory bounded whatever its size: a query
 * scans the log's checkpoint intervals in order, reading their bytes again a few megabytes at a time. The log's
 * term sketch (core/log/termSketch.ts, built once the log is indexed: worker/termSketching.ts) first tells which
 * intervals cannot hold the query's text (until it is whole, those past it may all hold it), and the index which
 * hold no event of the query's kinds: those are passed over unread, so a rare term or kind costs the reads of the
 * few intervals that may hold it. An interval read whose text (in lower
 * case) does not hold the text is passed over unparsed; one that does is parsed line by line and its events
 * matched (core/log/search.ts, as `npm run replay -- --find` does). The scan counts every match but keeps only
 * the first page and where each page starts (two numbers a page), so any page is read again from its start.
 * While the log is indexed, the scan follows the index, interval by interval. What an interval may hold, its
 * reads and its matches are worker/searchIntervals.ts's; the scan, its pages and its count are this file's.
 *
 * Speed (`npm run bench:replay-browser`, a term planted 20 times in a day of 161 MB): with the sketch, the whole
 * first page and the count in about 95 ms (29 Nov); without it, 1.0 s, most of it waiting for 4 MB reads by
 * range. A common term still reads every interval: each read is first asked as a whole whether it may hold the
 * text (`ReadCheck`), and the next three reads are under way while one is searched, so the server's reading and
 * the worker's searching overlap.
 */
import { EventSearch, type SearchMatch, type SearchQuery } from '../core/log/search';
import type { SearchCount, SearchPage } from './debugApi';
import { yieldToMessages, type Loaded } from './replayIndexing';
import { SearchIntervals, type IntervalRead } from './searchIntervals';

/** Matches a page holds unless asked otherwise. */
export const SEARCH_PAGE = 50;
/** Reads under way while one is searched. */
const READS_AHEAD = 3;
/** Scanning between two turns of the message queue: a seek waits about this long for the search (as indexing's slices). */
const SLICE_MS = 6;
/**
 * How long after the query the first page answers with the matches found by then, full or not: a page of a term
 * the sketch cannot narrow (under four letters, or one in most intervals but with few matches: "ws/message" in
 * rejected input) fills only as far as the log is read (a day: about a second), and the person sees the first
 * matches meanwhile, the count following ("N found so far"), as while the log is indexed.
 */
const FIRST_ANSWER_MS = 200;
/** How long the scan waits for the index to go on when it has caught up with it. */
const FOLLOW_MS = 50;
/** One query's scan of one open log. */
class SearchRun {
  /** The log's intervals as this query sees them: which may hold a match, their reads, their matches. */
  private readonly intervals: SearchIntervals;
  /** The next interval to scan. */
  private next = 0;
  counted = 0;
  /** Where page p starts: interval `pageK[p]`, after `pageSkip[p]` of that interval's matches. */
  private pageK = new Float64Array(64);
  private pageSkip = new Float64Array(64);
  private pages = 0;
  readonly first: SearchMatch[] = [];
  /** Whether the whole log is scanned (it is indexed to its end, and every interval searched). */
  finished = false;
  private waiting: (() => void)[] = [];
  private stopped = false;
  /** When the query came: the first page answers `FIRST_ANSWER_MS` after it at the latest. */
  private readonly started = performance.now();

  constructor(
    readonly key: string,
    query: SearchQuery,
    readonly pageSize: number,
    readonly loaded: Loaded,
  ) {
    this.intervals = new SearchIntervals(loaded, new EventSearch(query));
    void this.scan();
  }

  stop(): void {
    this.stopped = true;
    this.wake();
  }

  /** Resolves at the scan's next step (a page filled, an interval searched, the end). */
  private step(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** Whether page `page` is complete, or as complete as the part of the log searched so far can make it. */
  private pageReady(page: number): boolean {
    return this.finished || this.stopped || this.counted >= (page + 1) * this.pageSize || this.caughtUp;
  }

  /** Whether the scan has searched every interval indexed so far. */
  private get caughtUp(): boolean {
    return this.next >= this.intervals.available();
  }

  async page(page: number): Promise<SearchPage> {
    // The scan steps at least once a read (a few megabytes): the first page answers within a read of its time.
    while (!this.pageReady(page) && !(page === 0 && performance.now() - this.started >= FIRST_ANSWER_MS)) await this.step();
    const matches = page === 0 ? this.first.slice(0, this.pageSize) : await this.readPage(page);
    return {
      page,
      pageSize: this.pageSize,
      matches,
      total: this.finished ? this.counted : null,
      counted: this.counted,
      indexing: !this.loaded.done,
    };
  }

  async count(): Promise<SearchCount | null> {
    while (!this.finished && !this.stopped) await this.step();
    if (!this.finished) return null;
    return { total: this.counted, pages: Math.ceil(this.counted / this.pageSize) };
  }

  /** The matches of a page after the first, read again from the interval it starts in. */
  private async readPage(page: number): Promise<SearchMatch[]> {
    if (page >= this.pages) return [];
    let skip = this.pageSkip[page]!;
    const out: SearchMatch[] = [];
    for (let k = this.pageK[page]!; k < this.next && out.length < this.pageSize; k++) {
      if (!this.intervals.mayHold(k)) continue;
      const found = this.intervals.matchesIn(await this.intervals.text(k, k + 1), k);
      for (const m of found.slice(skip)) if (out.length < this.pageSize) out.push(m);
      skip = 0;
    }
    return out;
  }

  /** Searches the log interval by interval, following the index while it is built, until the end or a stop. */
  private async scan(): Promise<void> {
    const { loaded } = this;
    let slice = performance.now();
    const { intervals } = this;
    let ahead: IntervalRead[] = [];
    while (!this.stopped) {
      if (this.caughtUp) {
        if (loaded.done) break;
        this.wake();
        await Promise.race([loaded.indexed, new Promise((r) => setTimeout(r, FOLLOW_MS))]);
        continue;
      }
      // The next reads go while this one is searched (none past what is indexed: they wait for the index). Each
      // starts at an interval that may hold the text: the sketch's "cannot" is final, so those it passes over stay so.
      if (ahead.length === 0) {
        this.next = intervals.holdingFrom(this.next);
        if (this.caughtUp) continue;
        ahead = [intervals.readFrom(this.next)];
      }
      this.next = ahead[0]!.from;
      while (ahead.length < READS_AHEAD + 1) {
        const k = intervals.holdingFrom(ahead.at(-1)!.to);
        if (k >= intervals.available()) break;
        ahead.push(intervals.readFrom(k));
      }
      const read = ahead.shift()!;
      const bytes = await read.bytes;
      if (this.stopped) return;
      intervals.searchRead(read, bytes, (found, k) => this.take(found, k));
      this.next = ahead[0]?.from ?? intervals.holdingFrom(read.to);
      // Done the moment the last interval is searched, so the page answered at this wake has the total.
      if (this.caughtUp && loaded.done) break;
      this.wake();
      if (performance.now() - slice >= SLICE_MS) {
        await yieldToMessages();
        slice = performance.now();
      }
    }
    if (!this.stopped) this.finished = true;
    this.wake();
  }

  /** Counts interval `k`'s matches, noting where each page starts and keeping the first page's. */
  private take(found: SearchMatch[], k: number): void {
    for (let i = 0; i < found.length; i++) {
      if (this.counted % this.pageSize === 0) this.notePage(k, i);
      if (this.first.length < this.pageSize) this.first.push(found[i]!);
      this.counted += 1;
    }
  }

  private notePage(k: number, skip: number): void {
    if (this.pages === this.pageK.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.pageK = grow(this.pageK);
      this.pageSkip = grow(this.pageSkip);
    }
    this.pageK[this.pages] = k;
    this.pageSkip[this.pages] = skip;
    this.pages += 1;
  }
}

/** The search of the open log: one query's scan at a time (a new query, or another log, stops the last). */
export class ReplaySearch {
  private run: SearchRun | null = null;

  private runFor(loaded: Loaded, query: SearchQuery, pageSize: number): SearchRun {
    const key = JSON.stringify([loaded.generation, query.text.trim().toLowerCase(), [...query.kinds].sort(), pageSize]);
    if (this.run?.key === key && this.run.loaded === loaded) return this.run;
    this.run?.stop();
    this.run = new SearchRun(key, query, pageSize, loaded);
    return this.run;
  }

  page(loaded: Loaded, query: SearchQuery, page: number, pageSize = SEARCH_PAGE): Promise<SearchPage> {
    return this.runFor(loaded, query, Math.max(1, Math.floor(pageSize))).page(Math.max(0, Math.floor(page)));
  }

  count(loaded: Loaded, query: SearchQuery, pageSize = SEARCH_PAGE): Promise<SearchCount | null> {
    return this.runFor(loaded, query, Math.max(1, Math.floor(pageSize))).count();
  }

  /** Stops the scan under way (another log opened). */
  stop(): void {
    this.run?.stop();
    this.run = null;
  }
}
