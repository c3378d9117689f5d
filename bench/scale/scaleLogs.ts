/**
 * What the replay's scale benches share (bench/replayScale.ts, bench/scale/indexAB.ts): the multi-day log written
 * to disk, and a Node measurement of it in a process of its own (bench/scale/nodeRun.ts).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, fsyncSync, openSync, statSync, writeSync } from 'node:fs';
import { generateRobotLog } from '../replay/robotLog';
import { plantRare } from '../replay/rareTerm';

/** Lines a generated day holds. */
export const PER_DAY = 1_000_000;
export const DAY_MS = 86_400_000;
/** The first generated day's midnight. */
export const DAY0 = Date.UTC(2026, 10, 22);

/** Writes `days` generated days to `path`, a day at a time (never the whole log in memory); its size. */
export function writeLog(path: string, days: number): number {
  const fd = openSync(path, 'w');
  try {
    for (let day = 0; day < days; day++) writeSync(fd, plantRare(generateRobotLog(PER_DAY, 7 + day, { day, header: day === 0 })).join('\n') + '\n');
    // On disk before it is opened, as a recorded log is: else the kernel writes gigabytes of it back while the
    // first seeks are timed (10 GB generated in 5.5 min left them a p95 of 211-251 ms, 65 ms when generated slower).
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return statSync(path).size;
}

export interface NodeRun {
  ms: number;
  cpuMs: number;
  events: number;
  rssMB: number;
}

/**
 * `npm run replay`'s streamed fold (`replay`), the same stream's lines only `JSON.parse`d (`parse`: "parse
 * alone", the baseline the replay page's indexing is quoted against), or today's whole-text path (`whole`).
 */
export function nodeRun(mode: 'replay' | 'parse' | 'whole', file: string): NodeRun {
  // The heap limit `npm run replay` runs with (package.json): V8 otherwise lets a long stream's garbage grow the
  // heap (10 GB: 351 MB peak RSS streamed, 385 MB for the parse alone; 3 GB with the limit: 155 MB).
  // Today's whole-text path holds the day, so it runs without the limit it could not keep.
  const limit = mode === 'whole' ? [] : ['--max-old-space-size=128'];
  const out = execFileSync('node', [...limit, '--import', 'tsx', 'bench/scale/nodeRun.ts', mode, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as NodeRun;
}

/** The load averages (1, 5, 15 min) now. */
export const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim().replace(/.*load average: /, '');
