/**
 * What `npm run replay` does with a log, streamed (scripts/logFile.ts): fold it to a moment, print its
 * timeline, cut a clip, write it as MCAP. Each holds one batch of events at a time and the core's state, so a
 * log of any size takes the same memory; each gives what the whole-text path gave (parse, then
 * `replay`/`makeClip`/`logToMcap` of every event: tests/core/replayStream.test.ts).
 */
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { LOG_FORMAT, LOG_VERSION, type LogHeader } from '../core/log/eventLog';
import type { CoreEvent } from '../core/events';
import type { State } from '../core/state';
import { tickAt } from '../core/log/boot';
import { replay, replayedView } from '../core/log/replay';
import type { StateView } from '../core/log/inspect';
import { foldWithGrids, type LogGrids } from '../core/log/logGrids';
import { clipHeader, startGrids, startState } from '../core/log/clip';
import { describeChanges, type TimelineEntry } from '../core/log/timeline';
import { McapLogWriter } from '../worker/mcapLog';
import type { LogFile } from './logFile';

/** What a fold of a whole log gave. */
export interface Folded {
  state: State;
  /** Events folded (those up to the moment asked for). */
  events: number;
  header: LogHeader | null;
  /** The time of the log's last event (null for a log without one): a moment after it was not recorded. */
  lastAt: number | null;
}

/** The fold's start, set at the first batch (a robot's own log starts at its first event: core/clip.ts). */
class Start {
  state: State | null = null;
  grids: LogGrids | null = null;

  /** The state to fold the batch from, or why the log cannot be replayed (a clip's broken snapshot). */
  at(log: LogFile, batch: readonly CoreEvent[]): string | null {
    if (this.state) return null;
    const start = startState(log.header(), batch[0]);
    if (typeof start === 'string') return start;
    this.state = start;
    // Folded front to back once: the grids let go of old images as the live worker does.
    this.grids = startGrids(log.header(), true);
    return null;
  }
}

/**
 * The state after the log, or at `until` (the events up to it, then the timers due by then). `afterBatch` is
 * awaited after each batch (a caller printing what `onStep` saw waits there for its reader).
 */
export async function foldFile(
  log: LogFile,
  until?: number,
  onStep?: (before: State, after: State, event: CoreEvent) => void,
  afterBatch?: () => Promise<void>,
): Promise<Folded | string> {
  const start = new Start();
  let seen = 0;
  let lastAt: number | null = null;
  for await (const batch of log.batches) {
    const problem = start.at(log, batch);
    if (problem) return problem;
    if (batch.length > 0) lastAt = batch[batch.length - 1]!.at;
    const chosen = until === undefined ? batch : batch.filter((e) => e.at <= until);
    start.state = onStep
      ? replay(chosen, { onStep, grids: start.grids!, first: seen }, start.state!)
      : foldWithGrids(start.state!, chosen, seen, start.grids!);
    seen += chosen.length;
    await afterBatch?.();
  }
  let state = start.state;
  if (!state) {
    const empty = startState(log.header());
    if (typeof empty === 'string') return empty;
    state = empty;
  }
  if (until !== undefined) {
    // With `onStep`, the timers due before `until` fire by their own ticks, as `replay` does.
    state = onStep ? replay([], { until, onStep, grids: start.grids ?? startGrids(log.header(), true), first: seen }, state) : tickAt(state, until);
  }
  return { state, events: seen, header: log.header(), lastAt };
}

/**
 * The observable state (`replayedView`, what `--json --at` prints) at each of `moments`, in one pass: the fold
 * runs to the earliest moment, keeps its view, and goes on to the next; reading stops past the last. Each view is
 * `foldFile(log, t)`'s (events are in time order: the recorder writes them so), and only one state is held
 * whatever the distance between the moments. Returns the views in the order of `moments`, and how many events
 * were read.
 */
export async function viewsAt(
  log: LogFile,
  moments: readonly number[],
): Promise<{ views: StateView[]; events: number; lastAt: number | null; pastEnd: number[] } | string> {
  const order = moments.map((at, i) => ({ at, i })).sort((x, y) => x.at - y.at);
  const views: StateView[] = [];
  const start = new Start();
  let seen = 0;
  let read = 0;
  let next = 0;
  let lastAt: number | null = null;
  const view = (at: number) => {
    views[order[next]!.i] = replayedView(tickAt(start.state!, at));
    next += 1;
  };
  reading: for await (const batch of log.batches) {
    const problem = start.at(log, batch);
    if (problem) return problem;
    read += batch.length;
    if (batch.length > 0) lastAt = batch[batch.length - 1]!.at;
    let k = 0;
    while (next < order.length) {
      const at = order[next]!.at;
      let end = k;
      while (end < batch.length && batch[end]!.at <= at) end++;
      start.state = foldWithGrids(start.state!, batch.slice(k, end), seen, start.grids!);
      seen += end - k;
      k = end;
      // The batch ended before the moment did: its events may go on in the next one.
      if (end === batch.length) continue reading;
      view(at);
    }
    break;
  }
  if (!start.state) {
    const empty = startState(log.header());
    if (typeof empty === 'string') return empty;
    start.state = empty;
  }
  // The log read to its end: a moment left is at or after its last event, and one after it was never recorded
  // (its state is the last one moved on by the timers due by then).
  const pastEnd = order.slice(next).filter((o) => lastAt === null || o.at > lastAt).map((o) => o.at);
  while (next < order.length) view(order[next]!.at);
  return { views, events: read, lastAt, pastEnd };
}

/** The timeline's entries as they happen, then the final state. `afterBatch`: as `foldFile`'s. */
export function timelineOfFile(
  log: LogFile,
  until: number | undefined,
  onEntry: (entry: TimelineEntry) => void,
  afterBatch?: () => Promise<void>,
): Promise<Folded | string> {
  return foldFile(
    log,
    until,
    (before, after, event) => {
      for (const entry of describeChanges(before, after, event)) onEntry(entry);
    },
    afterBatch,
  );
}

/**
 * Writes a clip of the log from `from` to `to` to `out` (core/clip.ts): the state at `from` in its header, then
 * the events after it up to `to`. Reading stops at the first event after `to` (events are in time order).
 * Returns how many events the clip holds.
 */
export async function clipFile(log: LogFile, range: { from: number; to: number }, out: string, meta: Record<string, unknown>): Promise<number | string> {
  const start = new Start();
  let seen = 0;
  let written = 0;
  const file = createWriteStream(out);
  const write = async (line: string) => {
    if (!file.write(`${line}\n`)) await once(file, 'drain');
  };
  let headed = false;
  const head = async () => {
    headed = true;
    const snapshot = tickAt(start.state!, range.from);
    const { format: _f, version: _v, snapshot: _s, clip: _c, snapshotMap: _m, ...rest } = (log.header() ?? {}) as Record<string, unknown>;
    await write(JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, ...clipHeader(range, snapshot, seen, { ...rest, ...meta }, start.grids!) }));
  };
  try {
    reading: for await (const batch of log.batches) {
      const problem = start.at(log, batch);
      if (problem) return problem;
      let k = 0;
      if (!headed) {
        while (k < batch.length && batch[k]!.at <= range.from) k++;
        start.state = foldWithGrids(start.state!, k === batch.length ? batch : batch.slice(0, k), seen, start.grids!);
        seen += k;
        if (k === batch.length) continue;
        await head();
      }
      for (; k < batch.length; k++) {
        if (batch[k]!.at > range.to) break reading;
        await write(JSON.stringify(batch[k]));
        written += 1;
      }
    }
    if (!headed) {
      if (!start.state) {
        const empty = startState(log.header());
        if (typeof empty === 'string') return empty;
        start.state = empty;
        start.grids = startGrids(log.header(), true);
      }
      await head();
    }
  } finally {
    file.end();
    await once(file, 'close');
  }
  return written;
}

/** Writes the log as MCAP to `out`, chunk by chunk. Returns how many events it holds. */
export async function mcapFile(log: LogFile, out: string): Promise<number> {
  const handle = await open(out, 'w');
  let position = 0n;
  try {
    const writer = await McapLogWriter.start({
      position: () => position,
      write: async (buffer) => {
        position += BigInt(buffer.byteLength);
        await handle.write(buffer);
      },
    });
    let count = 0;
    for await (const batch of log.batches) {
      for (const event of batch) await writer.add(event);
      count += batch.length;
    }
    await writer.end(log.header());
    return count;
  } finally {
    await handle.close();
  }
}
