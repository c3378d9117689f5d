import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseLog, serialiseLog } from '../../core/log/eventLog';
import { decodeMapPng } from '../../core/map/decodePng';
import { bootedMap, mapImage, RecordingHarness } from '../core/mapHelpers';
import { replay } from '../../core/log/replay';
import type { State } from '../../core/state';
import { ReplaySession } from '../../worker/replaySession';
import { channelReader } from './channelReader';
import type { ReaderPort } from '../../worker/lineFeeds';
import { logToMcap, mcapToLog } from '../../worker/mcapLog';
import { makeClip, startGrids, startState } from '../../core/log/clip';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { describeChanges, type TimelineEntry } from '../../core/log/timeline';

/**
 * Every test runs twice: the lines read on the session's thread, and read by a reader on a port of its own, as
 * the browser's replay worker has them read by a worker of their own (worker/linePieces.ts).
 */
const READERS: [string, (() => ReaderPort) | undefined][] = [
  ['read here', undefined],
  ['read by a reader', channelReader],
];
let startReader: (() => ReaderPort) | undefined;

const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const TEXT = readFileSync('tests/fixtures/replay-mission.jsonl', 'utf8');
const ORIGIN = 'http://kiosk.local';

async function opened(source: Parameters<ReplaySession['open']>[0]) {
  const session = new ReplaySession(startReader);
  const pushes: Partial<State>[] = [];
  session.subscribe((changed) => pushes.push(changed));
  const progress: number[] = [];
  const markers: [TimelineEntry[], boolean][] = [];
  const info = await session.open(source, (p) => progress.push(p.fraction), ORIGIN, (found, done) => markers.push([found, done]));
  if ('error' in info) throw new Error(info.error);
  await session.whenIndexed();
  return { session, pushes, progress, markers, info };
}

const blobText = (blob: Blob) => blob.text();

describe.each(READERS)('replay session (worker, lines %s)', (_name, reader) => {
  beforeEach(() => {
    startReader = reader;
  });
  it('opens a text log with progress, then serves exact moments, pushing only what changed', async () => {
    const { session, pushes, progress, markers, info } = await opened({ kind: 'text', text: TEXT, name: 'day.jsonl' });
    expect(info).toMatchObject({ name: 'day.jsonl', events: 29, first: T, bad: 0, clip: null, indexing: false });
    // The markers come from the index's own fold: those a fold of the whole log event by event finds, one per
    // kind and moment (a timeline paints one mark for them).
    const found = markers.flatMap(([m]) => m);
    expect(found.map((m) => m.kind)).toContain('rejected');
    expect(markers.at(-1)?.[1]).toBe(true);
    const whole: TimelineEntry[] = [];
    replay(parseLog(TEXT).events, { onStep: (a, b, e) => whole.push(...describeChanges(a, b, e)) });
    const once = whole.filter((m, i) => whole.findIndex((x) => x.kind === m.kind && x.at === m.at) === i);
    expect(found).toEqual(once);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const events = parseLog(TEXT).events;
    expect(await session.seek(T + 61_000)).toEqual({ nextEventAt: T + 70_000 });
    const state = pushes[0] as State;
    expect(state).toEqual(replay(events, { until: T + 61_000 }));
    await session.seek(T + 61_500);
    // Half a second later only the clock and its timer moved: the push carries those two slices alone.
    expect(Object.keys(pushes[1]!)).toEqual(['clock', 'timers']);
    expect({ ...state, ...pushes[1] }).toEqual(replay(events, { until: T + 61_500 }));
  });

  it('lists the events near a moment and finds the neighbours', async () => {
    const { session } = await opened({ kind: 'text', text: TEXT, name: 'day.jsonl' });
    const near = await session.eventsNear(T + 60_000, 5);
    expect(near.rows).toHaveLength(5);
    expect(near.rows[near.rows.findIndex((r) => r.index === near.current)]).toMatchObject({
      at: T + 60_000,
      type: 'ws/message',
      summary: expect.stringMatching(/^robot\/alert_update \{"activated_errors":\["motor_overcurrent"\]/),
    });
    expect(await session.neighbour(T + 60_000, 1)).toBe(T + 70_000);
    expect(await session.neighbour(T + 60_000, -1)).toBe(T + 56_000);
    expect(await session.neighbour(T + 201_000, 1)).toBeNull();
  });

  it('opens an MCAP file and a clip of the log, to the same moments', async () => {
    const log = parseLog(TEXT);
    const bytes = await logToMcap(log.header, log.events);
    const mcap = await opened({ kind: 'file', file: new Blob([bytes as Uint8Array<ArrayBuffer>]), name: 'day.mcap' });
    expect(mcap.info).toMatchObject({ events: 29, first: T });
    await mcap.session.seek(T + 40_000);
    expect(mcap.pushes[0]).toEqual(replay(log.events, { until: T + 40_000 }));

    const clipText = await blobText(await mcap.session.clip(T + 25_000, T + 75_000));
    const clip = await opened({ kind: 'text', text: clipText, name: 'clip.jsonl' });
    expect(clip.info).toMatchObject({ first: T + 25_000, clip: { from: T + 25_000, to: T + 75_000 } });
    await clip.session.seek(T + 65_000);
    expect(clip.pushes[0]).toEqual(replay(log.events, { until: T + 65_000 }));
  });

  it("cuts a text log's clip from its seek index exactly as makeClip cuts it from the parsed events", async () => {
    const log = parseLog(TEXT);
    const { format: _f, version: _v, ...meta } = log.header!;
    const { session } = await opened({ kind: 'text', text: TEXT, name: 'day.jsonl' });
    for (const [from, to] of [[T - 5_000, T + 1_000], [T + 25_000, T + 75_000], [T + 61_000, T + 300_000]] as const) {
      expect(await blobText(await session.clip(from, to))).toBe(makeClip(log.events, from, to, undefined, meta));
    }
  });

  it('says in one line why a log cannot be opened', async () => {
    const session = new ReplaySession(startReader);
    const open = (source: Parameters<ReplaySession['open']>[0]) => session.open(source, () => undefined, ORIGIN);
    expect(await open({ kind: 'text', text: '', name: 'x' })).toEqual({ error: 'the file holds no events' });
    expect(await open({ kind: 'text', text: 'nothing here\n', name: 'x' })).toEqual({ error: 'not a kiosk event log: no line of it is an event' });
    expect(await open({ kind: 'url', url: 'http://elsewhere.example/log.jsonl' })).toEqual({
      error: "only logs from this kiosk's own address open here (http://kiosk.local)",
    });
    const badClip = '{"format":"kiosk-event-log","version":1,"snapshot":{"route":{}}}\n{"type":"ws/opened","at":1}\n';
    expect(await open({ kind: 'text', text: badClip, name: 'x' })).toEqual({ error: 'the snapshot has no "clock" slice' });
  });

  describe('a file or a download, read as it arrives', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    /** The bytes in pieces of `size`: lines, and the two bytes of an "è", split anywhere. */
    const pieces = (bytes: Uint8Array, size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      });

    it('opens a downloaded clip in small pieces to the moments of the text, with progress to the end', async () => {
      const events = parseLog(TEXT).events;
      const clipText = await blobText(await (await opened({ kind: 'text', text: TEXT, name: 'day.jsonl' })).session.clip(T + 25_000, T + 75_000));
      // A bad line with a two-byte character: decoding must carry half a character over to the next piece.
      const text = clipText + 'è not an event\n';
      const bytes = new TextEncoder().encode(text);
      for (const size of [1, 7, 4096]) {
        vi.stubGlobal('fetch', async () => new Response(pieces(bytes, size), { headers: { 'content-length': String(bytes.length) } }));
        const got = await opened({ kind: 'url', url: '/logs/clip.jsonl' });
        expect(got.info).toMatchObject({ name: 'clip.jsonl', first: T + 25_000, clip: { from: T + 25_000, to: T + 75_000 }, bad: 1 });
        expect(got.progress).toEqual([...got.progress].sort((a, b) => a - b));
        expect(got.progress.at(-1)).toBe(1);
        // Every moment, and the events listed near it, read back from lines spread over the pieces.
        for (const at of [T + 30_000, T + 65_000, T + 26_000]) {
          await got.session.seek(at);
          expect({ ...got.pushes[0], ...Object.assign({}, ...got.pushes.slice(1)) }).toEqual(replay(events, { until: at }));
        }
        expect((await got.session.eventsNear(T + 60_000, 40)).rows.map((r) => r.at)).toEqual(events.filter((e) => e.at > T + 25_000 && e.at <= T + 75_000).map((e) => e.at));
      }
    });

    it('opens a picked file to the same index as its text', async () => {
      const fromText = await opened({ kind: 'text', text: TEXT, name: 'day.jsonl' });
      const fromFile = await opened({ kind: 'file', file: new Blob([TEXT]), name: 'day.jsonl' });
      expect(fromFile.info).toEqual(fromText.info);
      expect(await fromFile.session.eventsNear(T + 60_000, 40)).toEqual(await fromText.session.eventsNear(T + 60_000, 40));
      expect(await blobText(await fromFile.session.clip(T + 25_000, T + 75_000))).toBe(await blobText(await fromText.session.clip(T + 25_000, T + 75_000)));
    });

    it('says so in one line when a download breaks off', async () => {
      const broken = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(TEXT.slice(0, 500)));
          controller.error(new Error('connection reset'));
        },
      });
      vi.stubGlobal('fetch', async () => new Response(broken));
      const session = new ReplaySession(startReader);
      expect(await session.open({ kind: 'url', url: '/logs/day.jsonl' }, () => undefined, ORIGIN)).toEqual({ error: 'day.jsonl could not be read (connection reset)' });
    });
  });
});

describe.each(READERS)('replay session: the map picture of each moment (lines %s)', (_name, reader) => {
  beforeEach(() => {
    startReader = reader;
  });
  it('sends the pixels of the image on show when it changes, seeking forward and backward', async () => {
    const h = new RecordingHarness();
    bootedMap('/map', h);
    const geometry = { origin: { x: 0, y: 0 }, resolution: 0.05, robot: { x: 0, y: 0, orientation: 0 } };
    const first = mapImage(6, 4, (px) => (px < 3 ? 254 : 0));
    const second = mapImage(8, 5, (px, py) => (py < 2 ? 0 : 254));
    h.now += 1_000;
    h.ws('mapping/mapUpdate', { image: first, ...geometry });
    const firstAt = h.now;
    h.now += 1_000;
    h.ws('mapping/mapUpdate', { image: second, ...geometry });
    const secondAt = h.now;
    h.now += 1_000;
    h.send({ type: 'tick' });
    const { session } = await opened({ kind: 'text', text: serialiseLog({}, h.log), name: 'map.jsonl' });
    const sent: { sequence: number; width: number; grey: Uint8Array }[] = [];
    await session.seek(firstAt);
    session.listenMap((map) => sent.push(map));
    // The moment already shown comes at once.
    expect(sent.map((m) => [m.sequence, m.width])).toEqual([[1, 6]]);
    expect(sent[0]!.grey).toEqual(decodeMapPng(first).grid.data);
    await session.seek(firstAt + 500); // the same image: nothing new
    await session.seek(secondAt);
    await session.seek(firstAt);
    expect(sent.map((m) => [m.sequence, m.width])).toEqual([[1, 6], [2, 8], [3, 6]]);
    expect(sent[1]!.grey).toEqual(decodeMapPng(second).grid.data);
  });
});

describe.each(READERS)('replay session: a log of many checkpoints, read by ranges and never held (lines %s)', { timeout: 60_000 }, (_name, reader) => {
  beforeEach(() => {
    startReader = reader;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const lines = [...generateRobotLog(9_000, 3), ...generateRobotLog(9_000, 4, { day: 1, header: false })];
  const LOG = lines.join('\n') + '\n';
  const BYTES = new TextEncoder().encode(LOG);
  const parsed = parseLog(LOG);
  const stateAt = (at: number) => replay(parsed.events, { until: at, grids: startGrids(parsed.header) }, startState(parsed.header, parsed.events[0]) as State);

  /** A server that answers ranges (206 with the total), as the simulator does, counting the bytes it sends. */
  function rangeServer() {
    const sent = { bytes: 0, ranges: 0 };
    vi.stubGlobal('fetch', async (_url: URL, init?: RequestInit) => {
      const range = new Headers(init?.headers).get('range');
      const m = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
      if (!m) return new Response(BYTES);
      const start = Number(m[1]);
      const end = m[2] ? Math.min(Number(m[2]), BYTES.length - 1) : BYTES.length - 1;
      sent.bytes += end - start + 1;
      sent.ranges += 1;
      return new Response(BYTES.slice(start, end + 1), { status: 206, headers: { 'content-range': `bytes ${start}-${end}/${BYTES.length}` } });
    });
    return sent;
  }

  it('answers before the whole log is indexed, then seeks exactly anywhere, forward and back, from a file and by ranges', async () => {
    const first = parsed.events[0]!.at;
    const last = parsed.events.at(-1)!.at;
    for (const source of [{ kind: 'file', file: new Blob([LOG]), name: 'days.jsonl' }, { kind: 'url', url: '/days.jsonl' }] as const) {
      const sent = source.kind === 'url' ? rangeServer() : null;
      const session = new ReplaySession(startReader);
      const pushes: Partial<State>[] = [];
      session.subscribe((changed) => pushes.push(changed));
      const info = await session.open(source, () => {}, ORIGIN);
      if ('error' in info) throw new Error(info.error);
      // The first moment comes after the first few thousand events; the span is read from the log's tail.
      expect(info).toMatchObject({ indexing: true, first, last, name: 'days.jsonl' });
      expect(info.events).toBeLessThan(parsed.events.length);
      const shown = () => Object.assign({}, ...pushes) as State;
      // A seek during indexing shows the moment asked for when it is indexed already.
      await session.seek(first + 1_000);
      expect(shown()).toEqual(stateAt(first + 1_000));
      await session.whenIndexed();
      let seed = 9;
      const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
      for (let i = 0; i < 12; i++) {
        const at = Math.round(first + rand() * (last - first));
        await session.seek(at);
        expect(shown()).toEqual(stateAt(at));
      }
      expect((await session.eventsNear(last, 3)).rows.map((r) => r.at)).toEqual(parsed.events.slice(-3).map((e) => e.at));
      if (sent) expect(sent.ranges).toBeGreaterThan(12);
    }
  });

  it('exports MCAP and clips from the source, chunk by chunk, to the same log', async () => {
    const { session } = await opened({ kind: 'file', file: new Blob([LOG]), name: 'days.jsonl' });
    const whole = await mcapToLog(new Uint8Array(await (await session.exportMcap(null)).arrayBuffer()));
    if (typeof whole === 'string') throw new Error(whole);
    expect(whole.events).toEqual(parsed.events);
    expect(whole.header).toEqual(parsed.header);
    const from = parsed.events[4_000]!.at;
    const to = parsed.events[12_000]!.at;
    const { format: _f, version: _v, ...meta } = parsed.header!;
    const clip = makeClip(parsed.events, from, to, startState(parsed.header, parsed.events[0]) as State, meta, startGrids(parsed.header));
    expect(await (await session.clip(from, to)).text()).toBe(clip);
  });
});
