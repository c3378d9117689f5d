/**
 * The debugger's questions of the replay worker (worker/debugApi.ts): search over the whole log, the state at the
 * cursor, what the event at the cursor changed, the compare of two moments. Each against an oracle computed the
 * plain way, from the whole log parsed and replayed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay, replayedView } from '../../core/log/replay';
import { changedPaths, compareViews, effectRows } from '../../core/log/inspect';
import { gunzipSync } from 'node:zlib';
import type { Golden } from '../core/golden/logs';
import type { State } from '../../core/state';
import type { Effect } from '../../core/effects';
import { initialState } from '../../core/state';
import type { SearchQuery } from '../../core/log/search';
import { summariseEvent } from '../../core/log/eventSummary';
import { ReplaySession } from '../../worker/replaySession';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { channelReader } from './channelReader';
import { countRangeReads, oracle } from './searchOracle';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const TEXT = readFileSync('tests/fixtures/replay-mission.jsonl', 'utf8');
const ORIGIN = 'http://kiosk.local';

async function opened(text: string, whole = true) {
  const session = new ReplaySession();
  const info = await session.open({ kind: 'text', text, name: 'log.jsonl' }, () => {}, ORIGIN);
  if ('error' in info) throw new Error(info.error);
  if (whole) await session.whenIndexed();
  return { session, info };
}

describe('replay worker: search', () => {
  it('matches case-insensitively over the whole log: types, frame names, codes, routes, any text', async () => {
    const { session } = await opened(TEXT);
    for (const text of ['WS/MESSAGE', 'robot/battery', 'user-dashboard', 'Path Blocked', '"id": 3', 'nothing-like-this']) {
      const page = await session.searchPage({ text, kinds: [] }, 0, 1000);
      expect(page.matches, text).toEqual(oracle(TEXT, { text, kinds: [] }));
      expect(page.total).toBe(page.matches.length);
      expect(page.indexing).toBe(false);
    }
    expect((await session.searchPage({ text: 'nothing-like-this', kinds: [] }, 0)).matches).toEqual([]);
  });

  it('finds text in any case in ASCII logs and in logs with other characters alike (a Kelvin sign lowers to k)', async () => {
    const alert = (at: number, code: string) =>
      JSON.stringify({ at, type: 'ws/message', message: { event: 'robot/alert_update', data: { activated_errors: [code], activated_warnings: [], resolved_errors: [], resolved_warnings: [] } } });
    const base = generateRobotLog(3_000, 5);
    const ascii = [...base];
    ascii[1_000] = alert(Date.UTC(2026, 10, 22, 8), 'Caster_JAM_e4471');
    ascii[2_000] = alert(Date.UTC(2026, 10, 22, 16), 'caster_jam_E4471');
    const other = [...ascii];
    other[1_500] = alert(Date.UTC(2026, 10, 22, 12), '\u212Aelvin_fault: batteria è SCARICA');
    for (const [lines, text, found] of [[ascii, 'CASTER_jam_e4471', 2], [other, 'caster_jam_e4471', 2], [other, 'kelvin_fault', 1], [other, 'È scarica', 1]] as const) {
      const log = lines.join('\n') + '\n';
      const { session } = await opened(log);
      const page = await session.searchPage({ text, kinds: [] }, 0, 50);
      expect(page.matches, text).toEqual(oracle(log, { text, kinds: [] }));
      expect(page.matches, text).toHaveLength(found);
    }
  });

  it("answers the first page a fifth of a second after the query with the matches found by then, whole once counted", async () => {
    const alert = (at: number) =>
      JSON.stringify({ at, type: 'ws/message', message: { event: 'robot/alert_update', data: { activated_errors: ['caster_jam_e4471'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] } } });
    const lines = generateRobotLog(40_000, 5);
    lines[100] = alert(Date.UTC(2026, 10, 22, 0, 10));
    lines[39_000] = alert(Date.UTC(2026, 10, 22, 23, 50));
    const text = lines.join('\n') + '\n';
    const real = new Blob([text]);
    expect(real.size).toBeGreaterThan(5 * 1024 * 1024); // two reads of the search's 4 MB at least
    // Reads by range come late, the later ones later still (indexing streams the bytes undelayed).
    const slow = {
      size: real.size,
      stream: () => real.stream(),
      slice: (start = 0, end = real.size) => ({
        arrayBuffer: () => new Promise<ArrayBuffer>((done) => setTimeout(() => void real.slice(start, end).arrayBuffer().then(done), start < 4 * 1024 * 1024 ? 250 : 900)),
        stream: () => real.slice(start, end).stream(),
      }),
    } as unknown as Blob;
    const session = new ReplaySession();
    const info = await session.open({ kind: 'file', file: slow, name: 'slow.jsonl' }, () => {}, ORIGIN);
    if ('error' in info) throw new Error(info.error);
    await session.whenIndexed();
    const query: SearchQuery = { text: 'CASTER_JAM', kinds: [] };
    const all = oracle(text, query);
    expect(all).toHaveLength(2);
    const first = await session.searchPage(query, 0, 50);
    expect(first.total).toBeNull();
    expect(first.matches).toEqual(all.slice(0, 1));
    expect(await session.searchCount(query, 50)).toEqual({ total: 2, pages: 1 });
    expect((await session.searchPage(query, 0, 50)).matches).toEqual(all);
  });

  it.each([
    ['on its own thread', () => new ReplaySession()],
    ['by a reader worker', () => new ReplaySession(channelReader)],
  ])('reads again only the few stretches that may hold a rare term, the log read %s', async (_how, session) => {
    const alert = (at: number, code: string) =>
      JSON.stringify({ at, type: 'ws/message', message: { event: 'robot/alert_update', data: { activated_errors: [code], activated_warnings: [], resolved_errors: [], resolved_warnings: [] } } });
    const lines = generateRobotLog(40_000, 8);
    lines[5_000] = alert(Date.UTC(2026, 10, 22, 3), 'Caster_Jam_E4471');
    lines[30_000] = alert(Date.UTC(2026, 10, 22, 18), 'caster_jam_e4471 again');
    const text = lines.join('\n') + '\n';
    const real = new Blob([text]);
    const reads = countRangeReads();
    const replay = session();
    const info = await replay.open({ kind: 'file', file: real, name: 'counted.jsonl' }, () => {}, ORIGIN);
    if ('error' in info) throw new Error(info.error);
    await replay.whenIndexed();
    const query: SearchQuery = { text: 'CASTER_jam_e4471', kinds: [] };
    reads.bytes = 0;
    const page = await replay.searchPage(query, 0, 50);
    expect(page.matches).toEqual(oracle(text, query));
    expect(page.matches).toHaveLength(2);
    expect(page.total).toBe(2);
    // Two checkpoint intervals (160 kB at most each) and perhaps a neighbour, out of 6 MB.
    expect(real.size).toBeGreaterThan(6e6);
    expect(reads.bytes).toBeGreaterThan(0);
    expect(reads.bytes).toBeLessThan(4 * 160 * 1024);
    // A common term still reads it all, and finds what the oracle finds.
    const common: SearchQuery = { text: 'Movement/Failed', kinds: [] };
    expect(await replay.searchCount(common, 50)).toEqual({ total: oracle(text, common).length, pages: Math.ceil(oracle(text, common).length / 50) });
  });

  it('narrows by kind, and finds a frame the kiosk could not read as rejected input', async () => {
    const { session } = await opened(TEXT);
    for (const kinds of [['robot'], ['operator'], ['call'], ['timer'], ['rejected'], ['operator', 'call']] as SearchQuery['kinds'][]) {
      const page = await session.searchPage({ text: '', kinds }, 0, 1000);
      expect(page.matches, kinds.join()).toEqual(oracle(TEXT, { text: '', kinds }));
    }
    const rejected = await session.searchPage({ text: 'robot/bat', kinds: ['rejected'] }, 0);
    expect(rejected.matches).toHaveLength(1);
    expect(rejected.matches[0]).toMatchObject({ at: T + 72_000, type: 'ws/message', kinds: ['robot', 'rejected'] });
  });

  it('narrows by kind over a long log with broken lines, reading again only the intervals that hold the kind', async () => {
    const lines = generateRobotLog(30_000, 9);
    // Two operator taps in a robot's frames: a rare kind (its ticks and broken lines are in every stretch).
    lines[4_000] = JSON.stringify({ at: Date.UTC(2026, 10, 22, 3, 12), type: 'ui/tap', target: 'Report a problem' });
    lines[21_000] = JSON.stringify({ at: Date.UTC(2026, 10, 22, 16, 48), type: 'ui/tap', target: 'Send report' });
    lines[25_000] = JSON.stringify({ at: Date.UTC(2026, 10, 22, 20, 1), type: 'tick' });
    const text = lines.join('\n') + '\n';
    const real = new Blob([text]);
    const reads = countRangeReads();
    const replay = new ReplaySession(channelReader);
    const info = await replay.open({ kind: 'file', file: real, name: 'kinds.jsonl' }, () => {}, ORIGIN);
    if ('error' in info) throw new Error(info.error);
    await replay.whenIndexed();
    for (const kinds of [['operator'], ['timer'], ['operator', 'timer'], ['rejected'], ['call']] as SearchQuery['kinds'][]) {
      reads.bytes = 0;
      const query: SearchQuery = { text: '', kinds };
      const page = await replay.searchPage(query, 0, 1000);
      const expected = oracle(text, query);
      expect(page.matches, kinds.join()).toEqual(expected);
      expect(page.total, kinds.join()).toBe(expected.length);
      // Rare kinds (operator actions; calls, none): a few intervals read again, not the log's 4.8 MB.
      if (kinds.every((kind) => kind === 'operator' || kind === 'call')) expect(reads.bytes, kinds.join()).toBeLessThan(4 * 160 * 1024);
    }
    // What the log holds: the checks above compared something.
    expect(oracle(text, { text: '', kinds: ['rejected'] }).length).toBeGreaterThan(50);
    expect(oracle(text, { text: '', kinds: ['timer'] }).length).toBeGreaterThan(50);
    expect(oracle(text, { text: '', kinds: ['operator'] })).toHaveLength(2);
  });

  it('pages: the first at once, then any page read again from where it starts, and the count', async () => {
    const text = generateRobotLog(3_000, 3).join('\n') + '\n';
    const { session } = await opened(text);
    const query: SearchQuery = { text: 'BATTERY', kinds: ['robot'] };
    const all = oracle(text, query);
    expect(all.length).toBeGreaterThan(120);
    const pages = [];
    for (let p = 0; p * 50 < all.length + 50; p++) pages.push(...(await session.searchPage(query, p, 50)).matches);
    expect(pages).toEqual(all);
    expect(await session.searchCount(query, 50)).toEqual({ total: all.length, pages: Math.ceil(all.length / 50) });
    expect((await session.searchPage(query, 1, 50)).matches).toEqual(all.slice(50, 100));
  });

  it('works while the log is still indexing: the indexed part first, then the whole count', async () => {
    const text = [...generateRobotLog(9_000, 3), ...generateRobotLog(9_000, 4, { day: 1, header: false })].join('\n') + '\n';
    const { session, info } = await opened(text, false);
    expect(info.indexing).toBe(true);
    const query: SearchQuery = { text: 'Robot/Pose', kinds: [] };
    const first = await session.searchPage(query, 0, 20);
    expect(first.indexing).toBe(true);
    expect(first.total).toBeNull();
    const all = oracle(text, query);
    expect(first.matches).toEqual(all.slice(0, first.matches.length));
    const count = await session.searchCount(query, 20);
    expect(count?.total).toBe(all.length);
    expect((await session.searchPage(query, 0, 20)).total).toBe(all.length);
  });
});

describe('replay worker: the state, what an event changed, the compare', () => {
  const events = parseLog(TEXT).events;
  const times = [...new Set(events.map((e) => e.at))];

  it('the state at any moment is the --json view of the whole log replayed to it', async () => {
    const { session } = await opened(TEXT);
    for (const at of [T - 1, ...times, T + 61_500, times.at(-1)! + 10_000]) expect(await session.stateAt(at)).toEqual(replayedView(replay(events, { until: at })));
  });

  it('the event at the cursor: its place, the paths it changed with before and after, its effects', async () => {
    const { session } = await opened(TEXT);
    expect(await session.eventChanges(T - 1)).toEqual({ event: null, paths: [], effects: [] });
    for (const at of times) {
      const index = events.reduce((found, e, i) => (e.at <= at ? i : found), -1);
      const before = replay(events.slice(0, index));
      const after = replay(events.slice(0, index + 1));
      const changes = await session.eventChanges(at);
      expect(changes.event).toEqual({ index, at, type: events[index]!.type, summary: summariseEvent(events[index]!) });
      expect(changes.paths).toEqual(changedPaths(replayedView(before), replayedView(after)));
    }
  });

  it('compares two moments either way: the changes by slice with the values at A and at B', async () => {
    const { session } = await opened(TEXT);
    const a = T + 5_000;
    const b = times.at(-1)!;
    const atA = replayedView(replay(events, { until: a }));
    const atB = replayedView(replay(events, { until: b }));
    const forward = await session.compare(a, b);
    expect(forward.slices).toEqual(compareViews(atA, atB));
    expect(forward.slices.length).toBeGreaterThan(0);
    const back = await session.compare(b, a);
    expect(back.slices).toEqual(compareViews(atB, atA));
    for (const [i, s] of forward.slices.entries()) expect(back.slices[i]!.paths.map((p) => [p.path, p.b, p.a])).toEqual(s.paths.map((p) => [p.path, p.a, p.b]));
    expect((await session.compare(a, a)).slices).toEqual([]);
  });
});

/** The golden files' states and effects, recorded event by event before the core was restructured (tests/core/golden). */
describe.each(['replay-mission', 'session'])('replay worker on the golden log fixture-%s', (name) => {
  const text = readFileSync(`tests/fixtures/${name}.jsonl`, 'utf8');
  const events = parseLog(text).events;
  const golden = JSON.parse(gunzipSync(readFileSync(`tests/core/golden/fixture-${name}.json.gz`)).toString('utf8')) as Golden;
  const after = (i: number) => (i < 0 ? initialState() : (golden.states[i]![1] as State));
  // Only the last event of each moment is the one at the cursor there.
  const last = events.flatMap((e, i) => (events[i + 1]?.at === e.at ? [] : [i]));

  it('what each event changed: the paths and effects of the recorded states and effects', async () => {
    const { session } = await opened(text);
    let changed = 0;
    for (const i of last) {
      const before = after(i - 1);
      const start = events[i]!.type === 'shell/started' ? initialState() : before;
      const got = await session.eventChanges(events[i]!.at);
      expect(got.event?.index).toBe(i);
      expect(got.paths, `event ${i}`).toEqual(changedPaths(replayedView(before), replayedView(after(i))));
      expect(got.effects, `event ${i}`).toEqual(effectRows(start, after(i), golden.effects![i] as Effect[]));
      changed += got.paths.length > 0 && got.effects.length > 0 ? 1 : 0;
    }
    expect(changed).toBeGreaterThan(2);
  });

  it('A/B between recorded moments, both orders', async () => {
    const { session } = await opened(text);
    for (const [a, b] of [[last[2]!, last.at(-1)!], [last[5]!, last[9]!]] as const) {
      const [ta, tb] = [events[a]!.at, events[b]!.at];
      const [va, vb] = [replayedView(replay(events, { until: ta })), replayedView(replay(events, { until: tb }))];
      expect((await session.compare(ta, tb)).slices).toEqual(compareViews(va, vb));
      expect((await session.compare(tb, ta)).slices).toEqual(compareViews(vb, va));
    }
  });
});
