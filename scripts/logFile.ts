/**
 * A log file read as a stream, for `npm run replay` and the Node tests and benches: a JSON Lines log megabyte
 * by megabyte (worker/lineSplitter.ts into the core's `LogReader`), an MCAP file chunk by chunk by reading
 * ranges of it (worker/mcapLog.ts). Nothing holds the text or all the events, so a log of any size replays in
 * the memory of one batch and the core's state.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { LogReader, type BadLine, type LogHeader } from '../core/log/eventLog';
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
}

/** Opens a log file, or says in one line why it cannot. `onBad` hears of each line that is not an event. */
export async function openLogFile(path: string, onBad: (bad: BadLine) => void = () => {}): Promise<LogFile | string> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    return `cannot read ${path}: ${(error as Error).message}`;
  }
  const magic = Buffer.alloc(8);
  const { bytesRead } = await handle.read(magic, 0, 8, 0);
  if (isMcap(magic.subarray(0, bytesRead))) return openMcap(handle);
  await handle.close();
  let bad = 0;
  const state = { reader: null as LogReader | null, cutOff: false };
  return {
    kind: 'text',
    batches: textBatches(path, state, (b) => {
      bad += 1;
      onBad(b);
    }),
    header: () => state.reader?.header ?? null,
    badLines: () => bad,
    cutOff: () => state.cutOff,
  };
}

async function* textBatches(path: string, state: { reader: LogReader | null; cutOff: boolean }, onBad: (bad: BadLine) => void): AsyncGenerator<CoreEvent[]> {
  let ready: CoreEvent[][] = [];
  let bad = 0;
  const reader = new LogReader(BATCH, (batch) => ready.push(batch), undefined, undefined, (b) => {
    bad += 1;
    onBad(b);
  });
  state.reader = reader;
  let last = false;
  const splitter = new LineSplitter((line, start, end) => {
    const before = bad;
    reader.readLine(line, start, end);
    if (last && bad > before) state.cutOff = true;
  });
  // Read synchronously into one reused buffer (the splitter copies what it carries over): on a busy machine
  // each asynchronous read waited for a thread-pool turn, and the fold for it.
  const fd = openSync(path, 'r');
  const buffer = new Uint8Array(READ_BYTES);
  try {
    for (let n = readSync(fd, buffer, 0, READ_BYTES, null); n > 0; n = readSync(fd, buffer, 0, READ_BYTES, null)) {
      splitter.push(buffer.subarray(0, n));
      if (ready.length === 0) continue;
      const out = ready;
      ready = [];
      yield* out;
    }
  } finally {
    closeSync(fd);
  }
  last = true;
  splitter.end();
  reader.end(splitter.position);
  yield* ready;
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
  async function* batches(): AsyncGenerator<CoreEvent[]> {
    try {
      yield* read;
    } finally {
      await handle.close();
    }
  }
  return { kind: 'mcap', batches: batches(), header: () => header, badLines: () => 0, cutOff: () => false };
}
