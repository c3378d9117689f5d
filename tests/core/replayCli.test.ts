import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay, replayedView } from '../../core/log/replay';
import { startState } from '../../core/log/clip';

const FIXTURE = 'tests/fixtures/replay-mission.jsonl';
const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const run = (...args: string[]) => execFileSync('node', ['--import', 'tsx', 'scripts/replay.ts', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));

describe('npm run replay: clips and MCAP', { timeout: 30_000 }, () => {
  it('--from --to --out writes a clip whose first line is the state at its start, replaying to the same states', () => {
    const out = join(dir, 'clip.jsonl');
    run(FIXTURE, '--from', String(T + 25_000), '--to', String(T + 80_000), '--out', out);
    const clip = parseLog(readFileSync(out, 'utf8'));
    expect(clip.header).toMatchObject({ clip: { from: T + 25_000, to: T + 80_000 } });
    const start = startState(clip.header);
    if (typeof start === 'string') throw new Error(start);
    const whole = parseLog(readFileSync(FIXTURE, 'utf8')).events;
    for (const t of [T + 25_000, T + 40_000, T + 61_000, T + 80_000]) {
      expect(replay(clip.events, { until: t }, start)).toEqual(replay(whole, { until: t }));
    }
    expect(JSON.parse(run(out, '--json', '--at', String(T + 61_000)))).toEqual(JSON.parse(run(FIXTURE, '--json', '--at', String(T + 61_000))));
  });

  it('--mcap then reading the .mcap back gives equal --json', () => {
    const mcap = join(dir, 'log.mcap');
    run(FIXTURE, '--mcap', mcap);
    for (const at of [[], ['--at', String(T + 55_000)]]) expect(run(mcap, '--json', ...at)).toBe(run(FIXTURE, '--json', ...at));
    expect(JSON.parse(run(mcap, '--json'))).toEqual(replayedView(replay(parseLog(readFileSync(FIXTURE, 'utf8')).events)));
  });

  it('a file that is not a kiosk MCAP gets a one-line error, not a stack trace', () => {
    const bad = join(dir, 'bad.mcap');
    writeFileSync(bad, Buffer.concat([Buffer.from([0x89, 0x4d, 0x43, 0x41, 0x50, 0x30, 0x0d, 0x0a]), Buffer.from('garbage')]));
    const r = spawnSync('node', ['--import', 'tsx', 'scripts/replay.ts', bad, '--json'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/bad\.mcap: not a readable indexed MCAP file/);
  });
});
