/** The recorder's image side store: images out of the events, once per hash, and back on replay. */
import { describe, expect, it } from 'vitest';
import { Recorder, type LogChunk, type LogSink } from '../../worker/recorder';
import { IMAGE_LINE_START } from '../../core/log/logImages';
import { parseLog, serialiseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import type { CoreEvent } from '../../core/events';
import { mapImage } from '../core/mapHelpers';

const T = Date.UTC(2026, 10, 22, 9, 0, 0);
// Speckled, so the PNGs stay large enough for the saving to show.
const A = mapImage(120, 90, (x, y) => ((x * 31 + y * 17) % 11 < 4 ? 0 : 254));
const B = mapImage(120, 90, (x, y) => ((x * 13 + y * 7) % 5 < 2 ? 205 : 254));
const update = (at: number, image: string): CoreEvent => ({
  type: 'ws/message',
  at,
  message: { event: 'mapping/mapUpdate', data: { image, origin: { x: 0, y: 0 }, resolution: 0.05, robot: { x: 1, y: 1, orientation: 0 } } },
});

function session(): CoreEvent[] {
  return [
    { type: 'shell/started', at: T, path: '/mapping/track', seed: 1, clientId: 'c' },
    update(T + 1000, A),
    update(T + 2000, A),
    update(T + 3000, B),
    { type: 'http/response', at: T + 3500, id: 99, status: 200, body: { data: { image: A, origin: { x: 0, y: 0 }, resolution: 0.05, robot: { x: 2, y: 1, orientation: 90 } } } },
    update(T + 4000, B),
  ];
}

describe('image side store', () => {
  it('logs each image once, by hash, and the events without it', () => {
    const r = new Recorder();
    for (const e of session()) r.record(e);
    const text = r.export({ app: 'test' });
    const lines = text.trim().split('\n');
    const imageLines = lines.filter((l) => l.startsWith(IMAGE_LINE_START));
    expect(imageLines).toHaveLength(2);
    expect(text.split(A).length - 1).toBe(1);
    expect(text.split(B).length - 1).toBe(1);
    const events = lines.slice(1 + imageLines.length).map((l) => JSON.parse(l) as { message?: { data: { image: unknown } } });
    expect(events[1]?.message?.data.image).toEqual({ $image: expect.any(String) });
    expect(events[1]?.message?.data.image).toEqual(events[2]?.message?.data.image);
    expect(events[1]?.message?.data.image).not.toEqual(events[3]?.message?.data.image);
    // Without the store the same log holds every copy: A three times, B twice; with it, once each.
    const without = serialiseLog({ app: 'test', dropped: 0, complete: true }, session()).length;
    expect(without - text.length).toBeGreaterThan(2 * A.length + B.length - 300);
  });

  it('reading the log gives back the events as they were fed, and the same replayed state', () => {
    const r = new Recorder();
    const fed = session();
    for (const e of fed) r.record(e);
    const parsed = parseLog(r.export());
    expect(parsed.bad).toEqual([]);
    expect(parsed.events).toEqual(fed);
    expect(replay(parsed.events)).toEqual(replay(fed));
  });

  it('drops an image once no recorded event refers to it (the ring wrapped)', () => {
    const r = new Recorder(2);
    for (const e of session()) r.record(e);
    // The last two events: the answer with A and the update with B.
    expect(r.images.size.images).toBe(2);
    r.record(update(T + 5000, B));
    r.record(update(T + 6000, B));
    expect(r.images.size.images).toBe(1);
    const parsed = parseLog(r.export());
    expect(parsed.events.map((e) => (e as { message: { data: { image: string } } }).message.data.image)).toEqual([B, B]);
  });

  it('an image line with an unknown hash leaves a placeholder the core rejects, not a crash', () => {
    const r = new Recorder();
    for (const e of session().slice(0, 2)) r.record(e);
    const text = r.export().split('\n').filter((l) => !l.startsWith(IMAGE_LINE_START)).join('\n');
    const parsed = parseLog(text);
    const state = replay(parsed.events);
    expect(state.map.version).toBe(0);
    expect(state.rejections.count).toBe(1);
  });

  it('every persisted batch carries the images its events refer to, so a batch read alone replays', async () => {
    const chunks: LogChunk[] = [];
    const sink: LogSink = {
      append: async (chunk) => void chunks.push(chunk),
      readAll: async () => ({ texts: chunks.map((c) => c.text), droppedEvents: 0 }),
      stats: async () => ({ bytes: 0, events: 0, chunks: chunks.length, droppedEvents: 0 }),
    };
    const scheduled: (() => void)[] = [];
    const r = new Recorder();
    r.persistTo(sink, (fn) => scheduled.push(fn), (e) => {
      throw e;
    });
    const fed = session();
    for (const e of fed.slice(0, 3)) r.record(e); // started, A, A: one batch
    await r.persist();
    for (const e of fed.slice(3)) r.record(e); // B, the answer with A, B: the next batch
    await r.persist();
    expect(chunks).toHaveLength(2);
    // A once in the first batch; A and B once each in the second, although A was stored before.
    expect(chunks[0]!.text.split(A).length - 1).toBe(1);
    expect(chunks[1]!.text.split(A).length - 1).toBe(1);
    expect(chunks[1]!.text.split(B).length - 1).toBe(1);
    expect(parseLog(chunks[1]!.text).events).toEqual(fed.slice(3));
    expect(parseLog(await r.exportPersisted()).events).toEqual(fed);
  });
});
