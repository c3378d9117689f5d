/**
 * Opening a log in the replay worker: where its bytes are (a file, this kiosk's address, text), an MCAP file's
 * log read out as log text, and the time of its last event, read from its tail before it is indexed.
 */
import { parseLogLine } from '../core/log/eventLog';
import { readMcapLog } from './mcapLog';
import type { ReplaySource } from './replayApi';
import { blobSource, urlSource, type ByteSource } from './byteSource';

/** The tail read for the log's last moment, so the timeline spans the whole log while it is indexed. */
const TAIL_BYTES = 256 * 1024;

/** The time of the log's last event, read from its tail; null when the tail holds none (one long last line). */
export async function lastEventAt(source: ByteSource): Promise<number | null> {
  if (source.size === 0) return null;
  const start = Math.max(0, source.size - TAIL_BYTES);
  const lines = new TextDecoder().decode(await source.read(start, source.size)).split('\n');
  // The first line of a tail that starts mid-file is a piece of a line.
  for (let i = lines.length - 1; i >= (start > 0 ? 1 : 0); i--) {
    const event = parseLogLine(lines[i]!.trim());
    if (typeof event !== 'string') return event.at;
  }
  return null;
}

/** The source of a log to open: a file, an address of this kiosk, or text (read as a file). */
export async function byteSource(source: ReplaySource, origin: string): Promise<ByteSource | string> {
  if (source.kind === 'text') return blobSource(new Blob([source.text]), source.name);
  if (source.kind === 'file') return blobSource(source.file, source.name);
  let url: URL;
  try {
    url = new URL(source.url, origin);
  } catch {
    return `not an address: ${source.url}`;
  }
  if (url.origin !== origin) return `only logs from this kiosk's own address open here (${origin})`;
  return urlSource(url);
}

/**
 * An MCAP file's kiosk log as log text in a blob, read chunk by chunk (worker/mcapLog.ts): the header line, then
 * an event per line, so it is indexed and read back as any log is.
 */
export async function mcapAsText(source: ByteSource): Promise<ByteSource | string> {
  const log = await readMcapLog({
    size: async () => BigInt(source.size),
    read: (offset, size) => source.read(Number(offset), Number(offset) + Number(size)),
  });
  if (typeof log === 'string') return log;
  const parts: BlobPart[] = log.header ? [`${JSON.stringify(log.header)}\n`] : [];
  try {
    for await (const batch of log.batches) parts.push(new Blob([batch.map((e) => JSON.stringify(e)).join('\n') + '\n']));
  } catch (error) {
    return (error as Error).message;
  }
  return blobSource(new Blob(parts), source.name);
}
