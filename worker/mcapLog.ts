/**
 * Event logs as MCAP, so Foxglove and Lichtblick open a kiosk's log and seek in it. One channel per event
 * family (`/kiosk/ws`, `/kiosk/http`, `/kiosk/ui`, `/kiosk/shell`, `/kiosk/teleop`; `tick` is the shell's),
 * JSON messages with a JSON Schema per channel, log time = `at` in nanoseconds, chunked with a summary and
 * indexes. Each message is the whole event, and its sequence number its place in the log, so reading back
 * gives the same log. The log's header (a clip's snapshot included) travels as the `kiosk-event-log` metadata.
 * Used by the replay worker and `npm run replay`.
 */
import { hasMcapPrefix, McapIndexedReader, McapWriter, TempBuffer, type IReadable, type IWritable } from '@mcap/core';
import type { CoreEvent } from '../core/events';
import { LOG_FORMAT, type LogHeader } from '../core/log/eventLog';

export const FAMILIES = ['ws', 'http', 'ui', 'shell', 'teleop'] as const;
type Family = (typeof FAMILIES)[number];

const topic = (family: Family) => `/kiosk/${family}`;
const familyOf = (type: string): Family => (type === 'tick' ? 'shell' : (type.slice(0, type.indexOf('/')) as Family));
const NS_PER_MS = 1_000_000n;

/** The JSON Schema of one family's messages: an event with its type and time. */
function schemaOf(family: Family): object {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `kiosk ${family} event`,
    type: 'object',
    properties: {
      type: { type: 'string', pattern: family === 'shell' ? '^(shell/[A-Za-z]+|tick)$' : `^${family}/[A-Za-z]+$` },
      at: { type: 'number', description: 'milliseconds since the epoch' },
    },
    required: ['type', 'at'],
  };
}

/**
 * Writes a log as MCAP event by event to `writable` (a file, a list of blob parts): @mcap/core closes a chunk
 * every megabyte or so, so a log of any size is written in bounded memory.
 */
export class McapLogWriter {
  private readonly encoder = new TextEncoder();
  private readonly channels = new Map<Family, number>();
  private sequence = 0;

  private constructor(private readonly writer: McapWriter) {}

  static async start(writable: IWritable): Promise<McapLogWriter> {
    const writer = new McapWriter({ writable });
    await writer.start({ profile: '', library: 'robot-kiosk' });
    const out = new McapLogWriter(writer);
    for (const family of FAMILIES) {
      const schemaId = await writer.registerSchema({ name: `kiosk.${family}`, encoding: 'jsonschema', data: out.encoder.encode(JSON.stringify(schemaOf(family))) });
      out.channels.set(family, await writer.registerChannel({ topic: topic(family), schemaId, messageEncoding: 'json', metadata: new Map() }));
    }
    return out;
  }

  /** Adds the next event of the log (its sequence number is its place). */
  async add(event: CoreEvent): Promise<void> {
    const time = BigInt(Math.round(event.at)) * NS_PER_MS;
    const channelId = this.channels.get(familyOf(event.type)) ?? this.channels.get('shell')!;
    await this.writer.addMessage({ channelId, sequence: this.sequence++, logTime: time, publishTime: time, data: this.encoder.encode(JSON.stringify(event)) });
  }

  /** Writes the header as metadata, and the summary and indexes. */
  async end(header: LogHeader | null): Promise<void> {
    if (header) await this.writer.addMetadata({ name: LOG_FORMAT, metadata: new Map([['header', JSON.stringify(header)]]) });
    await this.writer.end();
  }
}

/** Writes a log as MCAP bytes. */
export async function logToMcap(header: LogHeader | null, events: readonly CoreEvent[]): Promise<Uint8Array> {
  const buffer = new TempBuffer();
  const writer = await McapLogWriter.start(buffer);
  for (const event of events) await writer.add(event);
  await writer.end(header);
  return buffer.get();
}

/** Whether bytes look like an MCAP file (its magic prefix). */
export function isMcap(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 8 && hasMcapPrefix(new DataView(bytes.buffer, bytes.byteOffset, 8));
}

/** An MCAP file's kiosk log, read chunk by chunk: its header, and its events in batches in log order. */
export interface McapLog {
  header: LogHeader | null;
  batches: AsyncGenerator<CoreEvent[]>;
}

/**
 * Opens a kiosk log in MCAP from any readable (a file read by ranges, bytes in memory), or says in one line why
 * it cannot. The events come chunk by chunk in time order; messages of equal time come back by channel, so each
 * run of them is put back in the log's order by sequence number (a run is short: what one moment held).
 */
export async function readMcapLog(readable: IReadable): Promise<McapLog | string> {
  let reader: McapIndexedReader;
  try {
    reader = await McapIndexedReader.Initialize({ readable });
  } catch (error) {
    return `not a readable indexed MCAP file (${(error as Error).message})`;
  }
  const topics = [...reader.channelsById.values()].map((c) => c.topic).filter((t) => FAMILIES.some((f) => topic(f) === t));
  if (topics.length === 0) return `this MCAP file has no kiosk channels (${FAMILIES.map(topic).join(', ')})`;
  let header: LogHeader | null = null;
  try {
    for await (const meta of reader.readMetadata({ name: LOG_FORMAT })) {
      const text = meta.metadata.get('header');
      if (text) header = JSON.parse(text) as LogHeader;
    }
  } catch (error) {
    return `the kiosk header could not be read (${(error as Error).message})`;
  }
  return { header, batches: mcapBatches(reader, topics) };
}

const MCAP_BATCH = 2_000;

async function* mcapBatches(reader: McapIndexedReader, topics: string[]): AsyncGenerator<CoreEvent[]> {
  const decoder = new TextDecoder();
  let batch: CoreEvent[] = [];
  let run: { sequence: number; event: CoreEvent }[] = [];
  let runTime: bigint | null = null;
  const endRun = () => {
    run.sort((a, b) => a.sequence - b.sequence);
    for (const r of run) batch.push(r.event);
    run = [];
  };
  try {
    for await (const message of reader.readMessages({ topics })) {
      if (message.logTime !== runTime) {
        endRun();
        runTime = message.logTime;
        if (batch.length >= MCAP_BATCH) {
          yield batch;
          batch = [];
        }
      }
      run.push({ sequence: message.sequence, event: JSON.parse(decoder.decode(message.data)) as CoreEvent });
    }
  } catch (error) {
    throw new Error(`a kiosk message could not be read (${(error as Error).message})`);
  }
  endRun();
  if (batch.length > 0) yield batch;
}

/** Reads a kiosk log back from MCAP bytes, or says in one line why it cannot. */
export async function mcapToLog(bytes: Uint8Array): Promise<{ header: LogHeader | null; events: CoreEvent[] } | string> {
  const log = await readMcapLog(new TempBuffer(bytes));
  if (typeof log === 'string') return log;
  const events: CoreEvent[] = [];
  try {
    for await (const batch of log.batches) for (const e of batch) events.push(e);
  } catch (error) {
    return (error as Error).message;
  }
  return { header: log.header, events };
}
