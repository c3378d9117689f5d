/**
 * The replay page's questions asked headless (issue 32): `npm run replay -- FILE --find TEXT`, `--diff A B`,
 * times in ISO as well as epoch ms, and mistakes on the command line said with the usage (exit code 2). The CLI
 * is spawned as `npm run replay` runs it (128 MB of heap); its answers are checked against the core's functions
 * over the whole text, computed here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay, replayedView } from '../../core/log/replay';
import { startGrids, startState } from '../../core/log/clip';
import { compareViews, type SliceChanges } from '../../core/log/inspect';
import { formatMatch, type SearchMatch, type SearchQuery } from '../../core/log/search';
import { wholeSearch as searchWhole } from './wholeSearch';
import { parseArgs, parseTime } from '../../scripts/replayArgs';
import { generateRobotLog } from '../../bench/replay/robotLog';

const MISSION = 'tests/fixtures/replay-mission.jsonl';
const FAILED = 'tests/fixtures/movement-failed.jsonl';
const T = Date.UTC(2026, 10, 22, 9, 30, 0);

function cli(...args: string[]) {
  const r = spawnSync('node', ['--max-old-space-size=128', '--import', 'tsx', 'scripts/replay.ts', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn')) };
}
/** A run that must succeed (its stderr in the message when it does not). */
function ok(...args: string[]) {
  const r = cli(...args);
  expect(r.status, r.stderr.join('\n')).toBe(0);
  return r;
}
const lines = (stdout: string) => stdout.split('\n').filter(Boolean);

/** The search over the whole text (tests/core/wholeSearch.ts). */
const wholeSearch = (file: string, query: SearchQuery): SearchMatch[] => searchWhole(readFileSync(file, 'utf8'), query);

/** What `--json --at` prints, computed from the whole text. */
function viewAt(file: string, at: number) {
  const { header, events } = parseLog(readFileSync(file, 'utf8'));
  const start = startState(header, events[0]);
  if (typeof start === 'string') throw new Error(start);
  return replayedView(replay(events, { until: at, grids: startGrids(header) }, start));
}

const mirrored = (slices: SliceChanges[]) => slices.map(({ slice, paths }) => ({ slice, paths: paths.map(({ path, a, b }) => ({ path, a: b, b: a })) }));

describe('npm run replay -- FILE --find TEXT', { timeout: 60_000 }, () => {
  it('prints a line per match whatever the case (ISO time, type, summary), and "N found" on stderr', () => {
    const lower = ok(MISSION, '--find', 'battery');
    const mixed = ok(MISSION, '--find', 'BaTTeRY');
    expect(mixed.stdout).toBe(lower.stdout);
    const found = lines(lower.stdout);
    expect(found).toHaveLength(12);
    expect(found[0]).toBe('2026-11-22T09:30:04.000Z  ws/message            robot/battery_state {"batteries":[{"charge":0.83,"health":0.97},{"charge":0.62,"health":0.91}]}');
    expect(found).toEqual(wholeSearch(MISSION, { text: 'battery', kinds: [] }).map(formatMatch));
    expect(lower.stderr).toEqual(['12 found']);
  });

  it('waits for a slow reader: lines a pipe has not taken do not pile up in memory', async () => {
    // 32 MB of log, each event a match: its JSON Lines outgrow a 40 MB heap if written without waiting.
    const dir = mkdtempSync(join(tmpdir(), 'replay-find-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'day.jsonl');
    writeFileSync(file, generateRobotLog(200_000, 3).join('\n') + '\n');
    const child = spawn('node', ['--max-old-space-size=40', '--import', 'tsx', 'scripts/replay.ts', file, '--find', '', '--json'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await sleep(3_000); // the pipe fills, and stays full: nothing is read yet
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (text += chunk));
    expect(await exited).toBe(0);
    const rows = lines(text);
    expect(rows.length).toBeGreaterThan(190_000);
    expect(JSON.parse(rows.at(-1)!)).toEqual({ total: rows.length - 1 });
  });

  it("--kind narrows as the page's chips do, repeated or as a comma list; --json is JSON Lines ending with the total", () => {
    const comma = ok(MISSION, '--find', '', '--kind', 'rejected,operator', '--json');
    const repeated = ok(MISSION, '--find', '', '--kind', 'rejected', '--kind', 'operator', '--json');
    expect(repeated.stdout).toBe(comma.stdout);
    const rows = lines(comma.stdout).map((l) => JSON.parse(l) as unknown);
    expect(rows.at(-1)).toEqual({ total: 2 });
    expect(rows.slice(0, -1)).toEqual([
      { index: 5, at: T + 3_000, type: 'ui/disclaimerAccepted', kinds: ['operator'], summary: '' },
      { index: 25, at: T + 72_000, type: 'ws/message', kinds: ['robot', 'rejected'], summary: 'unreadable frame: {"event": "robot/bat' },
    ]);
    expect(rows.slice(0, -1)).toEqual(wholeSearch(MISSION, { text: '', kinds: ['rejected', 'operator'] }));

    const robotOnly = ok(MISSION, '--find', 'battery', '--kind', 'robot', '--json');
    expect(lines(robotOnly.stdout).map((l) => JSON.parse(l) as unknown)).toEqual([...wholeSearch(MISSION, { text: 'battery', kinds: [] }), { total: 12 }]);
    const none = ok(MISSION, '--find', 'battery', '--kind', 'operator');
    expect(none.stdout).toBe('');
    expect(none.stderr).toEqual(['0 found']);
  });
});

describe('npm run replay -- FILE --diff A B', { timeout: 60_000 }, () => {
  const A = T + 25_000;
  const B = T + 61_000;

  it("--json is compareViews of the two moments' views; the other order mirrors it; ISO times give the same", () => {
    const forward = ok(MISSION, '--diff', String(A), String(B), '--json');
    const slices = JSON.parse(forward.stdout) as SliceChanges[];
    expect(slices).toEqual(compareViews(viewAt(MISSION, A), viewAt(MISSION, B)));
    expect(slices.map((s) => s.slice)).toEqual(['alert', 'batteries', 'movement']);
    expect(JSON.parse(ok(MISSION, '--diff', String(B), String(A), '--json').stdout)).toEqual(mirrored(slices));
    expect(ok(MISSION, '--diff', '2026-11-22T09:30:25.000Z', '2026-11-22T10:31:01+01:00', '--json').stdout).toBe(forward.stdout);
  });

  it('as text: each slice, its paths with the value at A and at B, and a count', () => {
    expect(lines(ok(MISSION, '--diff', '2026-11-22T09:30:25.000Z', String(B)).stdout)).toEqual([
      'from A 2026-11-22T09:30:25.000Z (1795339825000) to B 2026-11-22T09:31:01.000Z (1795339861000)',
      'alert',
      '  alert.type: null -> "errors"',
      '  alert.active: false -> true',
      'batteries',
      '  batteries.0: 0.83 -> 0.821',
      'movement',
      '  movement.state: "departing" -> "inActivity"',
      '  movement.timerSeconds: 1 -> 0',
      '-- 5 paths changed in 3 slices',
    ]);
    expect(lines(ok(FAILED, '--diff', String(T + 40_000), String(T + 20_000)).stdout).slice(1)).toEqual([
      'movement',
      '  movement.state: "failed" -> "moving"',
      '  movement.failReason: "path blocked" -> null',
      '-- 2 paths changed in 1 slice',
    ]);
    expect(lines(ok(MISSION, '--diff', String(A), String(A)).stdout).at(-1)).toBe('-- no change');
  });
});

describe('npm run replay: moments past the end of the log, files that are no log (issue 42)', { timeout: 60_000 }, () => {
  const LAST = parseLog(readFileSync(MISSION, 'utf8')).events.at(-1)!.at;

  it('--diff A B with B past the end says so on stderr, once, and still answers', () => {
    const past = LAST + 60_000;
    const r = ok(MISSION, '--diff', String(T + 25_000), String(past));
    expect(r.stderr).toEqual([
      `B ${new Date(past).toISOString()} is past the end of the log (the log's last event is at ${new Date(LAST).toISOString()}): its state was not recorded, only the timers due by then are fired`,
    ]);
    expect(lines(r.stdout)[0]).toMatch(/^from A /);
    // Both past the end: each named; at or before the last event: nothing said.
    expect(ok(MISSION, '--diff', String(past), String(past + 1)).stderr.map((l) => l.split(' ')[0])).toEqual(['A', 'B']);
    expect(ok(MISSION, '--diff', String(T + 25_000), String(LAST)).stderr).toEqual([]);
    expect(ok(MISSION, '--json', '--at', String(past)).stderr).toEqual([expect.stringMatching(/^--at .* is past the end of the log/)]);
    expect(ok(MISSION, '--json', '--at', String(LAST)).stderr).toEqual([]);
  });

  it('a picture, or any text that does not begin with a JSON line, is said to be no log at once, in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'not-a-log-'));
    try {
      // A PNG: its signature, then a header chunk with NUL bytes, then hundreds of newline-separated "lines".
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(300 * 8, 0x0a)]);
      writeFileSync(join(dir, 'map.png'), png);
      writeFileSync(join(dir, 'notes.txt'), 'robot notes\n'.repeat(300));
      writeFileSync(join(dir, 'latin1.log'), Buffer.from([0x7b, 0x22, 0xe9, 0xe8, 0x22, 0x0a]));
      for (const [name, why] of [
        ['map.png', 'it is a binary file'],
        ['notes.txt', 'its first line is not a JSON object (a header or an event): "robot notes"'],
        ['latin1.log', 'it is a binary file (not UTF-8 text)'],
      ] as const) {
        const r = cli(join(dir, name), '--json');
        expect(r.status).toBe(1);
        expect(r.stderr).toEqual([`${join(dir, name)}: not a kiosk event log: ${why}`]);
      }
      // A log that only ends badly is still read (a line cut off is said as before).
      writeFileSync(join(dir, 'ok.jsonl'), `${readFileSync(MISSION, 'utf8')}garbage`);
      expect(cli(join(dir, 'ok.jsonl'), '--json').status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run replay: times and mistakes', { timeout: 60_000 }, () => {
  it('--at takes an ISO time as well as epoch ms, for the state and for the timeline', () => {
    const ms = ok(MISSION, '--json', '--at', String(T + 25_000)).stdout;
    expect(JSON.parse(ms)).toEqual(viewAt(MISSION, T + 25_000));
    expect(ok(MISSION, '--json', '--at', '2026-11-22T09:30:25.000Z').stdout).toBe(ms);
    expect(ok(MISSION, '--at', '2026-11-22T09:30:25Z').stdout).toBe(ok(MISSION, '--at', String(T + 25_000)).stdout);
  });

  it('--json --at carries why the movement failed', () => {
    const failed = ok(FAILED, '--json', '--at', '2026-11-22T09:30:40.000Z').stdout;
    expect(failed).toContain('"failReason":"path blocked"');
    expect(JSON.parse(failed).movement).toMatchObject({ state: 'failed', failReason: 'path blocked' });
    expect(JSON.parse(ok(FAILED, '--json', '--at', '2026-11-22T09:30:20.000Z').stdout).movement).toMatchObject({ state: 'moving', failReason: null });
  });

  it('the timeline says why the movement failed', () => {
    expect(ok(FAILED).stdout).toContain('2026-11-22T09:30:30.000Z  movement    moving -> failed (mission 3, step 0): path blocked\n');
  });

  it('an unknown option, a second FILE or a bad time is an error naming it, with the usage, exit code 2', () => {
    for (const [args, message] of [
      [['--find-all', 'battery'], 'unknown option --find-all'],
      [['--at=5'], 'unknown option --at=5'],
      [['-j'], 'unknown option -j'],
      [['other.jsonl'], 'one FILE only: unexpected other.jsonl'],
      [['--at', 'yesterday'], '--at takes a time in milliseconds since the epoch or an ISO time with its zone (2026-11-22T09:30:15.000Z), not yesterday'],
      [['--diff', String(T), '2026-11-22T09:30:25'], '--diff takes a time in milliseconds since the epoch or an ISO time with its zone (2026-11-22T09:30:15.000Z), not 2026-11-22T09:30:25'],
      [['--kind', 'robot'], '--kind narrows a --find'],
      [['--find', 'x', '--kind', 'robots'], '--kind takes robot, operator, call, timer, rejected, not "robots"'],
    ] as const) {
      const r = cli(MISSION, ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr[0]).toBe(message);
      expect(r.stderr[1]).toBe('usage: npm run replay -- FILE [options]');
    }
    const help = ok('--help');
    expect(help.stdout.split('\n')[0]).toBe('usage: npm run replay -- FILE [options]');
  });

  it('reads the command line into one command, or the reason it cannot be one', () => {
    expect(parseArgs(['log.jsonl', '--find', 'x', '--json', '--kind', 'call', '--kind', 'timer,call'])).toEqual({ mode: 'find', file: 'log.jsonl', text: 'x', kinds: ['call', 'timer'], json: true });
    expect(parseArgs(['--diff', '1000', '2026-11-22T09:30:00Z', 'log.jsonl'])).toEqual({ mode: 'diff', file: 'log.jsonl', a: 1000, b: T, json: false });
    expect(parseArgs(['log.jsonl', '--at', '-5'])).toEqual({ mode: 'timeline', file: 'log.jsonl', at: -5 });
    expect(parseArgs(['log.jsonl', '--find', 'x', '--diff', '1', '2'])).toBe('--find and --diff cannot be used together');
    expect(parseArgs(['log.jsonl', '--diff', '1'])).toBe('--diff needs two values');
    expect(parseArgs(['log.jsonl', '--find', '--json'])).toBe('--find needs a value');
    expect(parseArgs(['log.jsonl', '--at', '1', '--at', '2'])).toBe('--at is given twice');
    expect(parseArgs(['log.jsonl', '--find', 'x', '--at', '5'])).toBe('--at does not go with --find');
    expect(parseArgs(['log.jsonl', '--mcap', 'o.mcap', '--json'])).toBe('--json does not go with --mcap');
    expect(parseArgs(['log.jsonl', '--from', '1', '--to', '2'])).toBe('a clip needs --from, --to and --out');
    expect(parseArgs(['log.jsonl', '--from', '3', '--to', '2', '--out', 'c.jsonl'])).toBe('--from must not be after --to');
    expect(parseArgs([])).toBe('no FILE given');
    expect(parseTime('2026-02-30T00:00:00Z')).toBeNull();
    expect(parseTime('2026-11-22T09:30:15.250+01:00')).toBe(T - 3_600_000 + 15_250);
  });
});
