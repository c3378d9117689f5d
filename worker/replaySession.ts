/**
 * A loaded log in the replay worker: the exact-seek index (core/seek.ts), the markers, the event list around
 * the cursor, clips and MCAP export. Parsing and folding happen here, off the page's thread.
 */
import type { CoreEvent } from '../core/events';
import { readLogHeader, type LogHeader } from '../core/log/eventLog';
import { countUpTo, eventList, LogLinesReader, readLogLines, type LogEvents } from '../core/log/logEvents';
import { SeekIndexBuilder, scanMarkerBlock, seekIndex, type SeekCursor, type SeekIndex } from '../core/log/seek';
import type { TimelineEntry } from '../core/log/timeline';
import { clipText, makeClip, startGrids, startState } from '../core/log/clip';
import { summariseEvent } from '../core/log/eventSummary';
import type { State } from '../core/state';
import { changedSlices } from './runtime';
import { isMcap, logToMcap, mcapToLog } from './mcapLog';
import { greyToRgba } from './mapImages';
import type { EventRow, ReplayInfo, ReplaySource } from './replayApi';
import { hasFirstLine, openStream, type ByteStream } from './replayStream';

/**
 * Events parsed per batch while loading, each batch folded before the next is parsed. Small, so the parsed
 * events die young, before a scavenge moves them to the old generation: folding a day's log (Node, CPU time,
 * four interleaved runs) took a median 2.9 s with 2,000 against 3.7 s with 8,192; 250 to 2,000 were alike.
 */
const LOAD_BATCH = 2_000;
/** The least move of the progress bar that is reported (a report is a message to the page and a render there). */
const PROGRESS_STEP = 0.01;
/** How often found markers are handed over while scanning: often enough to fill the timeline as one watches. */
const MARKERS_EVERY_MS = 500;
/** Work between two turns of the message queue while scanning: a seek waits at most about this long for it. */
const SLICE_MS = 12;

/** Gives the worker's message queue a turn (seeks asked for meanwhile are answered between intervals). */
const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Listener = (changed: Partial<State>) => void;

/** The pixels of the map on show, numbered in the order they were sent. */
export interface ShownMap {
  sequence: number;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

export class ReplaySession {
  private index: SeekIndex | null = null;
  private header: LogHeader | null = null;
  private start: State | null = null;
  private cursor: SeekCursor | null = null;
  private pushed: State | null = null;
  private listener: Listener | null = null;
  private mapListener: ((map: ShownMap) => void) | null = null;
  /** The image whose pixels were sent last, and how many have been sent. */
  private shownImage: string | undefined;
  private mapsSent = 0;
  /** Counts opens, so a marker scan of an earlier log stops. */
  private generation = 0;

  subscribe(listener: Listener): void {
    this.listener = listener;
    this.pushed = null;
  }

  /** One listener for the pixels of the map on show: those of the moment shown now, then at each seek that changes them. */
  listenMap(listener: (map: ShownMap) => void): void {
    this.mapListener = listener;
    this.shownImage = undefined;
    if (this.index && this.pushed && this.cursor) this.showMap(this.index, this.pushed, this.cursor.count);
  }

  /** Reads a log from its source and builds the index; a one-line reason when it cannot. */
  async open(source: ReplaySource, onProgress: (fraction: number) => void, origin: string): Promise<ReplayInfo | { error: string }> {
    const loaded = await readSource(source, origin);
    if (typeof loaded === 'string') return { error: loaded };
    const { name, content } = loaded;
    if (typeof content === 'string') {
      return this.build(name, readLogHeader(content), onProgress, (add) => {
        const { events, summary } = readLogLines(content, LOAD_BATCH, (batch, offset) => add(batch, offset / content.length));
        return { events, bad: summary.bad.length };
      });
    }
    try {
      return await this.readStream(name, openStream(content), onProgress);
    } catch (error) {
      return { error: `${name} could not be read (${(error as Error).message})` };
    }
  }

  /**
   * A file or a download, read as it arrives: an MCAP file whole, a text log decoded piece by piece and
   * parsed and folded while the rest of it comes (the index keeps the pieces and reads lines back from them).
   */
  private async readStream(name: string, stream: ByteStream, onProgress: (fraction: number) => void): Promise<ReplayInfo | { error: string }> {
    const first = await stream.firstBytes(8);
    if (isMcap(first)) {
      const log = await mcapToLog(await stream.rest(first));
      if (typeof log === 'string') return { error: log };
      return this.build(name, log.header, onProgress, (add) => {
        for (let i = 0; i < log.events.length; i += LOAD_BATCH) add(log.events.slice(i, i + LOAD_BATCH), i / log.events.length);
        return { events: eventList(log.events), bad: 0 };
      });
    }
    const decoder = new TextDecoder();
    let head = decoder.decode(first, { stream: true });
    // The header is the first line, which the fold starts from (a clip's carries a whole state): read it whole.
    while (!hasFirstLine(head)) {
      const chunk = await stream.next();
      if (chunk === null) break;
      head += decoder.decode(chunk, { stream: true });
    }
    return this.build(name, readLogHeader(head), onProgress, async (add) => {
      const reader = new LogLinesReader(LOAD_BATCH, (batch) => add(batch, stream.fraction()));
      reader.push(head);
      for (let chunk = await stream.next(); chunk !== null; chunk = await stream.next()) reader.push(decoder.decode(chunk, { stream: true }));
      reader.push(decoder.decode());
      const { events, summary } = reader.end();
      return { events, bad: summary.bad.length };
    });
  }

  private async build(
    name: string,
    header: LogHeader | null,
    onProgress: (fraction: number) => void,
    feed: (add: (batch: CoreEvent[], fraction: number) => void) => Read | Promise<Read>,
  ): Promise<ReplayInfo | { error: string }> {
    const start = startState(header);
    if (typeof start === 'string') return { error: start };
    const builder = new SeekIndexBuilder(start, undefined, false, startGrids(header));
    let reported = 0;
    const { events, bad } = await feed((batch, fraction) => {
      builder.add(batch);
      if (fraction - reported < PROGRESS_STEP) return;
      reported = fraction;
      onProgress(fraction);
    });
    onProgress(1);
    const index = builder.finish(events);
    if (index.events.length === 0) return { error: 'the file holds no events' };
    this.index = index;
    this.generation += 1;
    this.header = header;
    this.start = start;
    this.cursor = null;
    const clip = header?.clip as { from: number; to: number } | undefined;
    return {
      name,
      events: index.events.length,
      first: clip?.from ?? index.events.at(0),
      last: index.events.at(index.events.length - 1),
      bad,
      clip: clip ?? null,
    };
  }

  /**
   * Finds the loaded log's markers interval by interval, yielding between them so seeks stay quick, and hands
   * them over in time order as they are found; stops when another log is opened. Resolves with all of them.
   */
  async scanMarkers(onMarkers: (found: TimelineEntry[], done: boolean) => void): Promise<TimelineEntry[]> {
    const index = this.index;
    if (!index) return [];
    const generation = this.generation;
    const all: TimelineEntry[] = [];
    let pending: TimelineEntry[] = [];
    let sent = Date.now();
    let slice = Date.now();
    const scan = { next: 0, state: index.snapshots[0]! };
    for (let found = scanMarkerBlock(index, scan); found !== null; found = scanMarkerBlock(index, scan)) {
      for (const m of found) pending.push(m);
      if (Date.now() - slice < SLICE_MS) continue;
      await yieldToMessages();
      if (generation !== this.generation) return all;
      slice = Date.now();
      if (slice - sent >= MARKERS_EVERY_MS) {
        for (const m of pending) all.push(m);
        onMarkers(pending, false);
        pending = [];
        sent = slice;
      }
    }
    for (const m of pending) all.push(m);
    onMarkers(pending, true);
    return all;
  }

  seek(at: number): { nextEventAt: number | null } {
    const index = this.index;
    if (!index) return { nextEventAt: null };
    const { state, cursor } = seekIndex(index, at, this.cursor);
    this.cursor = cursor;
    this.push(state);
    this.showMap(index, state, cursor.count);
    return { nextEventAt: cursor.count < index.events.length ? index.events.at(cursor.count) : null };
  }

  /** Sends the pixels of the image the state's map version came from, when it is not the one sent last. */
  private showMap(index: SeekIndex, state: State, count: number): void {
    if (!this.mapListener || state.map.version === 0) return;
    const image = index.grids.imageBefore(count, state.map.version);
    if (image === undefined || image === this.shownImage) return;
    this.shownImage = image;
    // The grid the replayed taps hit-test on, decoded once for both (a broken image has none, nor had the kiosk).
    const grid = index.grids.sideAt(count).grid(state.map.version);
    if (!grid) return;
    this.mapsSent += 1;
    this.mapListener({ sequence: this.mapsSent, width: grid.width, height: grid.height, rgba: greyToRgba(grid.data) });
  }

  private push(state: State): void {
    const changed = changedSlices(this.pushed, state);
    this.pushed = state;
    if (changed) this.listener?.(changed);
  }

  eventsNear(at: number, count: number): { rows: EventRow[]; current: number } {
    const events = this.index?.events ?? NO_EVENTS;
    const current = countUpTo(events, at) - 1;
    const from = Math.max(0, Math.min(current - Math.floor(count / 2), events.length - count));
    const rows = events.slice(from, from + count).map((e, k) => ({ index: from + k, at: e.at, type: e.type, summary: summariseEvent(e) }));
    return { rows, current };
  }

  neighbour(at: number, direction: 1 | -1): number | null {
    const events = this.index?.events ?? NO_EVENTS;
    if (direction === 1) {
      const after = countUpTo(events, at);
      return after < events.length ? events.at(after) : null;
    }
    const before = countUpTo(events, at - 1);
    return before > 0 ? events.at(before - 1) : null;
  }

  clip(from: number, to: number): string {
    const { format: _f, version: _v, snapshot: _s, clip: _c, snapshotMap: _m, ...meta } = (this.header ?? {}) as Record<string, unknown>;
    const index = this.index;
    if (!index) return makeClip([], from, to, this.start ?? undefined, meta);
    // The state at `from` from the nearest snapshot, exactly a fold from the start (tests/core/seek.test.ts).
    const { state } = seekIndex(index, from);
    const first = countUpTo(index.events, from);
    return clipText({ from, to }, state, first, index.events.slice(first, countUpTo(index.events, to)), meta, index.grids);
  }

  async exportMcap(range: { from: number; to: number } | null): Promise<Uint8Array> {
    const events = this.index?.events ?? NO_EVENTS;
    if (!range) return logToMcap(this.header, events.slice(0, events.length));
    const first = countUpTo(events, range.from);
    const clipHeader = JSON.parse(this.clip(range.from, range.to).split('\n', 1)[0]!) as LogHeader;
    return logToMcap(clipHeader, events.slice(first, countUpTo(events, range.to)));
  }
}

const NO_EVENTS = eventList([]);

/** What reading a log gave: its events, and how many lines were not events. */
interface Read {
  events: LogEvents;
  bad: number;
}

/** The source's name and content: text as it came, or a file or a download to read (an MCAP file, or text). */
async function readSource(source: ReplaySource, origin: string): Promise<{ name: string; content: Blob | Response | string } | string> {
  if (source.kind === 'text') return { name: source.name, content: source.text };
  if (source.kind === 'file') return { name: source.name, content: source.file };
  let url: URL;
  try {
    url = new URL(source.url, origin);
  } catch {
    return `not an address: ${source.url}`;
  }
  if (url.origin !== origin) return `only logs from this kiosk's own address open here (${origin})`;
  try {
    const answer = await fetch(url);
    if (!answer.ok) return `${url.pathname}: the server answered ${answer.status}`;
    return { name: url.pathname.split('/').pop() || url.pathname, content: answer };
  } catch (error) {
    return `${url.pathname} could not be fetched (${(error as Error).message})`;
  }
}
