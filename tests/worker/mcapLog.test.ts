import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { McapIndexedReader, McapWriter, TempBuffer } from '@mcap/core';
import { parseLog } from '../../core/log/eventLog';
import { makeClip } from '../../core/log/clip';
import { isMcap, logToMcap, mcapToLog } from '../../worker/mcapLog';

const text = readFileSync('tests/fixtures/replay-mission.jsonl', 'utf8');
const log = parseLog(text);

describe('MCAP', () => {
  it('writes one JSON channel per event family, log time in nanoseconds, chunked with a summary and indexes', async () => {
    const bytes = await logToMcap(log.header, log.events);
    expect(isMcap(bytes)).toBe(true);
    const reader = await McapIndexedReader.Initialize({ readable: new TempBuffer(bytes) });
    const channels = [...reader.channelsById.values()];
    expect(channels.map((c) => c.topic)).toEqual(['/kiosk/ws', '/kiosk/http', '/kiosk/ui', '/kiosk/shell', '/kiosk/teleop']);
    expect(channels.every((c) => c.messageEncoding === 'json')).toBe(true);
    const schemas = [...reader.schemasById.values()];
    expect(schemas.every((s) => s.encoding === 'jsonschema')).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(schemas[0]!.data))).toMatchObject({ type: 'object', required: ['type', 'at'] });
    expect(reader.chunkIndexes.length).toBeGreaterThan(0);
    expect(reader.statistics?.messageCount).toBe(BigInt(log.events.length));
    const times: bigint[] = [];
    for await (const m of reader.readMessages()) times.push(m.logTime);
    expect(times.sort()).toEqual(log.events.map((e) => BigInt(e.at) * 1_000_000n).sort());
  });

  it('reads back to the same log, order and header (a clip snapshot included)', async () => {
    expect(await mcapToLog(await logToMcap(log.header, log.events))).toEqual({ header: log.header, events: log.events });
    const clip = parseLog(makeClip(log.events, log.events[5]!.at, log.events[20]!.at));
    expect(await mcapToLog(await logToMcap(clip.header, clip.events))).toEqual({ header: clip.header, events: clip.events });
  });

  it('an MCAP file with no kiosk channels gets a one-line reason', async () => {
    const buffer = new TempBuffer();
    const writer = new McapWriter({ writable: buffer });
    await writer.start({ profile: '', library: 'test' });
    const channelId = await writer.registerChannel({ topic: '/camera', schemaId: 0, messageEncoding: 'json', metadata: new Map() });
    await writer.addMessage({ channelId, sequence: 0, logTime: 1n, publishTime: 1n, data: new TextEncoder().encode('{}') });
    await writer.end();
    const result = await mcapToLog(buffer.get());
    expect(result).toBe('this MCAP file has no kiosk channels (/kiosk/ws, /kiosk/http, /kiosk/ui, /kiosk/shell, /kiosk/teleop)');
    expect(await mcapToLog(new Uint8Array([1, 2, 3]))).toMatch(/^not a readable indexed MCAP file \(.*\)$/);
  });
});
