/** Clips and MCAP exports of a log open in the replay worker, read from its source, written into blobs out of the heap. */
import { LOG_FORMAT, LOG_VERSION, type LogHeader } from '../core/log/eventLog';
import { checkpointBefore, foldFrom } from '../core/log/logIndex';
import { clipHeader } from '../core/log/clip';
import { McapLogWriter } from './mcapLog';
import { LOAD_BATCH, type Loaded } from './replayIndexing';
import { eachEvent, interval } from './replayIntervals';

/** Bytes of an MCAP export gathered before they become a part of the blob (kept out of the worker's heap). */
const BLOB_PART_BYTES = 4 * 1024 * 1024;

/** A clip's header fields and where its events start: the state at `from`, from the nearest checkpoint. */
async function clipStart(loaded: Loaded, from: number, to: number): Promise<{ header: Omit<LogHeader, 'format' | 'version'>; first: number }> {
  const { format: _f, version: _v, snapshot: _s, clip: _c, snapshotMap: _m, ...meta } = (loaded.reader.header ?? {}) as Record<string, unknown>;
  const builder = loaded.builder!;
  const k = checkpointBefore(builder.checkpoints, from);
  const { state, point } = foldFrom(builder.checkpoints[k]!, await interval(loaded, k), from, builder.grids);
  return { header: clipHeader({ from, to }, state, point.count, meta, builder.grids), first: point.count };
}

/** A clip from `from` to `to` as log text (core/clip.ts), read from the source; a blob, kept out of the heap. */
export async function clipOf(loaded: Loaded | null, from: number, to: number): Promise<Blob> {
  if (!loaded?.builder) return new Blob([`${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, clip: { from, to } })}\n`]);
  const { header, first } = await clipStart(loaded, from, to);
  const parts: BlobPart[] = [`${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, ...header })}\n`];
  let lines: string[] = [];
  await eachEvent(
    loaded,
    first,
    (e) => e.at <= to,
    (e) => {
      lines.push(JSON.stringify(e));
      if (lines.length < LOAD_BATCH) return;
      parts.push(new Blob([lines.join('\n') + '\n']));
      lines = [];
    },
  );
  if (lines.length) parts.push(new Blob([lines.join('\n') + '\n']));
  return new Blob(parts, { type: 'application/x-ndjson' });
}

/** The loaded log (or the range `from`..`to` of it, as a clip) as MCAP, written chunk by chunk into a blob. */
export async function mcapOf(loaded: Loaded | null, range: { from: number; to: number } | null): Promise<Blob> {
  const parts: BlobPart[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let position = 0n;
  const writer = await McapLogWriter.start({
    position: () => position,
    write: async (buffer) => {
      position += BigInt(buffer.byteLength);
      pending.push(buffer.slice());
      pendingBytes += buffer.byteLength;
      if (pendingBytes < BLOB_PART_BYTES) return;
      parts.push(new Blob(pending as Uint8Array<ArrayBuffer>[]));
      pending = [];
      pendingBytes = 0;
    },
  });
  let header: LogHeader | null = loaded?.reader.header ?? null;
  if (loaded?.builder) {
    let first = 0;
    let to = Number.POSITIVE_INFINITY;
    if (range) {
      const start = await clipStart(loaded, range.from, range.to);
      header = { format: LOG_FORMAT, version: LOG_VERSION, ...start.header };
      first = start.first;
      to = range.to;
    }
    await eachEvent(loaded, first, (e) => e.at <= to, (e) => writer.add(e));
  }
  await writer.end(header);
  if (pending.length) parts.push(new Blob(pending as Uint8Array<ArrayBuffer>[]));
  return new Blob(parts, { type: 'application/octet-stream' });
}
