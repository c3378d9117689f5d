/** The replay worker's Comlink API (worker/replayWorker.ts); the replay page's bridge imports this type only. */
import type { State } from '../core/state';
import type { TimelineEntry } from '../core/log/timeline';
import type { PlaybackIntent, PlaybackView } from '../core/log/playback';
import type { MapPicture } from './api';
import type { DebugApi } from './debugApi';

/** Where a log comes from: a picked or dropped file, a same-origin address, or text (the kiosk's own log). */
export type ReplaySource = { kind: 'file'; file: Blob; name: string } | { kind: 'url'; url: string } | { kind: 'text'; text: string; name: string };

export interface ReplayInfo {
  name: string;
  events: number;
  first: number | null;
  last: number | null;
  /** Lines that were not events. */
  bad: number;
  /** A clip's range, when the log is one. */
  clip: { from: number; to: number } | null;
  /** The log's size in bytes. */
  size: number;
  /** Whether the rest of the log is still being indexed (`events`, `last` and `bad` so far then). */
  indexing: boolean;
  /** While indexing: the last indexed event's time (seeks stop there) and the fraction of bytes read. */
  indexedTo: number | null;
  fraction: number;
  /** Why indexing stopped before the end (a download broken off), if it did: what was read still replays. */
  failure: string | null;
}

/** How far indexing has got: moments up to `indexedTo` can be shown. */
export interface IndexProgress {
  /** Bytes read, as a fraction of the log's size. */
  fraction: number;
  events: number;
  bad: number;
  /** The last indexed event's time (null before the first). */
  indexedTo: number | null;
  /** The log's last moment as known now. */
  last: number | null;
  done: boolean;
  /** Why indexing stopped before the end, if it did. */
  failure: string | null;
}

/** One row of the event list: the event's place, time, type and a one-line summary. */
export interface EventRow {
  index: number;
  at: number;
  type: string;
  summary: string;
}

/** The replay worker's API: the playback, the event list, exports, and the debugger's questions (worker/debugApi.ts). */
export interface ReplayApi extends DebugApi {
  /** `onChange` gets the whole state first, then only the slices that changed. */
  subscribe(onChange: (changed: Partial<State>) => void): Promise<void>;
  /**
   * Opens a log, answering as soon as its first moment can be shown (a clear reason when it cannot), and indexes
   * the rest in the background: progress, then the markers (alert, movement, route and connection changes,
   * rejected inputs) found in the same pass, in time order, through `onMarkers`. The playback shows the moment
   * `at` (a link's) or the log's first; a moment not indexed yet once indexing reaches it.
   */
  open(
    source: ReplaySource,
    onProgress: (progress: IndexProgress) => void,
    onMarkers: (found: TimelineEntry[], done: boolean) => void,
    at?: number,
  ): Promise<ReplayInfo | { error: string }>;
  /**
   * The map picture on show at each moment sought, sent when it changes (the image the replayed state's map
   * version came from). Its `version` counts the pictures sent, so the page's map bitmap takes each one, a
   * seek backward's included. The picture goes on `surfaces` (the page's map canvases, one per picture level,
   * handed over), as the live worker's does.
   */
  subscribeMap(onImage: (picture: MapPicture) => void, surfaces: OffscreenCanvas[]): Promise<void>;
  /** The playback's view (the moment on show, playing, speed, idle skip) now, then at each change. */
  subscribePlayback(onChange: (view: PlaybackView) => void): Promise<void>;
  /**
   * A playback intent (core/log/playback.ts): play, pause, a speed, the idle skip, a moment chosen. Answers once
   * handled; a chosen moment once it, or one chosen after it, is on show.
   */
  playback(intent: PlaybackIntent): Promise<void>;
  /** Up to `count` events around `at`, and the index of the last one at or before it (-1 when none). */
  eventsNear(at: number, count: number): Promise<{ rows: EventRow[]; current: number }>;
  /** The event list's rows `first` to `first + count - 1` by their place in the log (those indexed so far). */
  eventRows(first: number, count: number): Promise<EventRow[]>;
  /** The whole event at place `index` as indented JSON, read again from the log; null when not indexed. */
  eventText(index: number): Promise<string | null>;
  /**
   * Steps the playback to the next (1) or previous (-1) event or marker from the moment on show or asked for
   * last, in turn with the intents: each of two quick taps steps once. Answers once that moment is on show.
   */
  step(to: 'event' | 'marker', direction: 1 | -1): Promise<void>;
  /** A clip from `from` to `to` as log text (its first line the state at `from`), read from the source. */
  clip(from: number, to: number): Promise<Blob>;
  /** The loaded log (or the range `from`..`to` of it, as a clip) as MCAP, written chunk by chunk. */
  exportMcap(range: { from: number; to: number } | null): Promise<Blob>;
}
