/**
 * A log file read as a stream, for `npm run replay` and the Node tests and benches: a JSON Lines log megabyte
 * by megabyte (worker/lineSplitter.ts into the core's `LogReader`), an MCAP file chunk by chunk by reading
 * ranges of it (worker/mcapLog.ts). Nothing holds the text or all the events, so a log of any size replays in
 * the memory of one batch and the core's state.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { LogReader, type BadLine, type LogHeader } from '../core/log/eventLog';
import { IMAGE_LINE_START } from '../core/log/logImages';
import type { CoreEvent } from '../core/events';
import { LineSplitter } from '../worker/lineSplitter';
import { isMcap, readMcapLog } from '../worker/mcapLog';

/** Events per batch: as the core's own streaming fold (`BATCH` in core/replay.ts). */
const BATCH = 512;
/** Bytes per read. */
const READ_BYTES = 1 << 20;

export interface LogFile {
  kind: 'text' | 'mcap';
  /** The events in log order, a batch at a time. */
  batches: AsyncGenerator<CoreEvent[]>;
  /** The header: known once the first batch has come (or the batches ended). */
  header(): LogHeader | null;
  /** Lines that were not events so far (each handed to `onBad` as it is found). */
  badLines(): number;
  /** Whether the file ended in the middle of a line that did not read as an event (cut off while written). */
  cutOff(): boolean;
  /**
   * The lines the events of the batch last handed over were read from, as recorded (a map image by its hash),
   * one per event: what a search matches (core/log/search.ts). Only for a log opened `withLines`. An MCAP
   * file's events as JSON, one per line, as the replay page reads an MCAP (worker/replayOpen.ts).
   */
  lines(): readonly string[];
}

/**
 * Opens a log file, or says in one line why it cannot. `onBad` hears of each line that is not an event.
 * `withLines`: keep each batch's lines for `lines()` (a search; the other readers need only the events).
 */
export async function openLogFile(path: string, onBad: (bad: BadLine) => void = () => {}, withLines = false): Promise<LogFile | string> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    return `cannot read ${path}: ${(error as Error).message}`;
  }
  const head = Buffer.alloc(SNIFF_BYTES);
  const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
  if (isMcap(head.subarray(0, Math.min(8, bytesRead)))) return openMcap(handle);
  await handle.close();
  const notLog = notAnEventLog(head.subarray(0, bytesRead));
  if (notLog) return `not a kiosk event log: ${notLog}`;
  let bad = 0;
  const state: TextState = { reader: null, cutOff: false, lines: [] };
  return {
    kind: 'text',
    batches: textBatches(
      path,
      state,
      (b) => {
        bad += 1;
        onBad(b);
      },
      withLines,
    ),
    header: () => state.reader?.header ?? null,
    badLines: () => bad,
    cutOff: () => state.cutOff,
    lines: () => state.lines,
  };
}

/** How much of a file is looked at before its lines are read: a log's header line fits, a PNG's signature shows. */
const SNIFF_BYTES = 4096;

/**
 * Why the start of a file shows it is no event log, or null when it may be one: a kiosk log and a robot's own
 * begin with a JSON object (the header, or the first event). A picture or an archive would otherwise be read
 * line by line, each of its hundreds of "lines" said to be skipped, before the verdict. Pure.
 */
export function notAnEventLog(start: Uint8Array): string | null {
  if (start.length === 0) return null;
  // A NUL never occurs in JSON text: a binary file (a PNG's first 8 bytes hold none, its header chunk does).
  if (start.includes(0)) return 'it is a binary file';
  let text: string;
  try {
    // Streaming: a character the last bytes cut in two waits for bytes that never come, rather than failing.
    text = new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: true });
  } catch {
    return 'it is a binary file (not UTF-8 text)';
  }
  const begin = text.replace(/^\uFEFF/, '').trimStart();
  if (begin !== '' && !begin.startsWith('{')) {
    const line = begin.split(/\r?\n/)[0]!;
    return `its first line is not a JSON object (a header or an event): ${JSON.stringify(line.length > 24 ? `${line.slice(0, 24)}…` : line)}`;
  }
  return null;
}

interface TextState {
  reader: LogReader | null;
  cutOff: boolean;
  /** The lines of the batch last handed over (when kept). */
  lines: string[];
}

async function* textBatches(path: string, state: TextState, onBad: (bad: BadLine) => void, withLines: boolean): AsyncGenerator<CoreEvent[]> {
  let ready: { events: CoreEvent[]; lines: string[] }[] = [];
  let bad = 0;
  const pending = new PendingLines();
  const reader = new LogReader(
    BATCH,
    (events, _offset, starts) => ready.push({ events, lines: withLines ? pending.take(starts) : [] }),
    undefined,
    undefined,
    (b) => {
      bad += 1;
      onBad(b);
    },
  );
  state.reader = reader;
  let last = false;
  const splitter = new LineSplitter((line, start, end) => {
    const before = bad;
    // Image lines are never events (and megabytes long): not kept.
    const kept = withLines && !line.startsWith(IMAGE_LINE_START);
    if (kept) pending.add(line, start);
    reader.readLine(line, start, end);
    if (bad === before) return;
    // A bad line is not an event: let it go now (a file that is not a log would otherwise be kept whole).
    if (kept) pending.dropLast();
    if (last) state.cutOff = true;
  });
  function* handOver(): Generator<CoreEvent[]> {
    const out = ready;
    ready = [];
    for (const batch of out) {
      state.lines = batch.lines;
      yield batch.events;
    }
  }
  // Read synchronously into one reused buffer (the splitter copies what it carries over): on a busy machine
  // each asynchronous read waited for a thread-pool turn, and the fold for it.
  const fd = openSync(path, 'r');
  const buffer = new Uint8Array(READ_BYTES);
  try {
    for (let n = readSync(fd, buffer, 0, READ_BYTES, null); n > 0; n = readSync(fd, buffer, 0, READ_BYTES, null)) {
      splitter.push(buffer.subarray(0, n));
      if (ready.length > 0) yield* handOver();
    }
  } finally {
    closeSync(fd);
  }
  last = true;
  splitter.end();
  reader.end(splitter.position);
  yield* handOver();
}

/**
 * The lines read since the last batch, by where each starts, until a batch takes those of its events (the
 * header and section lines among them are let go then).
 */
class PendingLines {
  private starts: number[] = [];
  private texts: string[] = [];

  add(line: string, start: number): void {
    this.starts.push(start);
    this.texts.push(line);
  }

  dropLast(): void {
    this.starts.pop();
    this.texts.pop();
  }

  /** The lines starting at `starts` (in order, each among those added), and the ones before them let go. */
  take(starts: readonly number[]): string[] {
    const out: string[] = [];
    let p = 0;
    for (const start of starts) {
      while (p < this.starts.length && this.starts[p] !== start) p++;
      // Never short but for a line that starts as an image line and yet reads as an event: it matches no text.
      out.push(p < this.starts.length ? this.texts[p++]! : '');
    }
    this.starts = this.starts.slice(p);
    this.texts = this.texts.slice(p);
    return out;
  }
}

async function openMcap(handle: FileHandle): Promise<LogFile | string> {
  const size = BigInt((await handle.stat()).size);
  const log = await readMcapLog({
    size: async () => size,
    read: async (offset, length) => {
      const buffer = Buffer.alloc(Number(length));
      await handle.read(buffer, 0, buffer.byteLength, Number(offset));
      return buffer;
    },
  });
  if (typeof log === 'string') {
    await handle.close();
    return log;
  }
  const { header, batches: read } = log;
  let current: CoreEvent[] = [];
  async function* batches(): AsyncGenerator<CoreEvent[]> {
    try {
      for await (const batch of read) {
        current = batch;
        yield batch;
      }
    } finally {
      await handle.close();
    }
  }
  return { kind: 'mcap', batches: batches(), header: () => header, badLines: () => 0, cutOff: () => false, lines: () => current.map((e) => JSON.stringify(e)) };
}
