/**
 * Event logs as MCAP, so Foxglove and Lichtblick open a kiosk's log and seek in it. One channel per event
 * family (`/kiosk/ws`, `/kiosk/http`, `/kiosk/ui`, `/kiosk/shell`, `/kiosk/teleop`; `tick` is the shell's),
 * JSON messages with a JSON Schema per channel, log time = `at` in nanoseconds, chunked with a summary and
 * indexes. Each message is the whole event, and its sequence number its place in the log, so reading back
 * gives the same log. The log's header (a clip's snapshot included) travels as the `kiosk-event-log` metadata.
 * Used by the replay worker and `npm run replay`.
 */
import { hasMcapPrefix, McapIndexedReader, McapWriter, TempBuffer } from '@mcap/core';
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

/** Writes a log as MCAP bytes. */
export async function logToMcap(header: LogHeader | null, events: readonly CoreEvent[]): Promise<Uint8Array> {
  const buffer = new TempBuffer();
  const writer = new McapWriter({ writable: buffer });
  await writer.start({ profile: '', library: 'robot-kiosk' });
  const channels = new Map<Family, number>();
  const encoder = new TextEncoder();
  for (const family of FAMILIES) {
    const schemaId = await writer.registerSchema({ name: `kiosk.${family}`, encoding: 'jsonschema', data: encoder.encode(JSON.stringify(schemaOf(family))) });
    channels.set(family, await writer.registerChannel({ topic: topic(family), schemaId, messageEncoding: 'json', metadata: new Map() }));
  }
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const time = BigInt(Math.round(event.at)) * NS_PER_MS;
    const channelId = channels.get(familyOf(event.type)) ?? channels.get('shell')!;
    await writer.addMessage({ channelId, sequence: i, logTime: time, publishTime: time, data: encoder.encode(JSON.stringify(event)) });
  }
  if (header) await writer.addMetadata({ name: LOG_FORMAT, metadata: new Map([['header', JSON.stringify(header)]]) });
  await writer.end();
  return buffer.get();
}

/** Whether bytes look like an MCAP file (its magic prefix). */
export function isMcap(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 8 && hasMcapPrefix(new DataView(bytes.buffer, bytes.byteOffset, 8));
}

/** Reads a kiosk log back from MCAP bytes, or says in one line why it cannot. */
export async function mcapToLog(bytes: Uint8Array): Promise<{ header: LogHeader | null; events: CoreEvent[] } | string> {
  let reader: McapIndexedReader;
  try {
    reader = await McapIndexedReader.Initialize({ readable: new TempBuffer(bytes) });
  } catch (error) {
    return `not a readable indexed MCAP file (${(error as Error).message})`;
  }
  const topics = [...reader.channelsById.values()].map((c) => c.topic).filter((t) => FAMILIES.some((f) => topic(f) === t));
  if (topics.length === 0) return `this MCAP file has no kiosk channels (${FAMILIES.map(topic).join(', ')})`;
  const decoder = new TextDecoder();
  const found: { sequence: number; event: CoreEvent }[] = [];
  try {
    for await (const message of reader.readMessages({ topics })) {
      found.push({ sequence: message.sequence, event: JSON.parse(decoder.decode(message.data)) as CoreEvent });
    }
  } catch (error) {
    return `a kiosk message could not be read (${(error as Error).message})`;
  }
  // Messages of equal time come back by channel; their sequence numbers restore the log's order.
  found.sort((a, b) => a.sequence - b.sequence);
  let header: LogHeader | null = null;
  for await (const meta of reader.readMetadata({ name: LOG_FORMAT })) {
    const text = meta.metadata.get('header');
    if (text) header = JSON.parse(text) as LogHeader;
  }
  return { header, events: found.map((f) => f.event) };
}
