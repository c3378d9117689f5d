/**
 * Diagnosis for bench:coldstart (not a benchmark): how much fresh memory a cold load touches, in pages first
 * written (minor page faults), per browser process and per thread of the page's renderer. On a machine where a
 * page first written is dear (12-15 µs on the VM of 28 Nov 2026, bench/README.md at f0de46c) that is CPU time, and it is
 * the part of a load a page's own code decides: what it parses, compiles, allocates and rasters.
 *
 * `npx tsx bench/coldstart/faultsByThread.ts [loads] [dir...]`: builds the app, the bare page and the control
 * (the bare page with the app's first screen, screenControl.ts) as bench:coldstart does, adds the built folders
 * given, and loads each side in turn in a fresh context (coldLoad.ts `watchLoad`), reading every Chromium
 * process's and the renderer threads' `minflt` (/proc) before the load and once every mark is there. Prints the
 * median per process type and renderer thread, and the total. Linux only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, VIEWPORT } from '../lib/browser';
import { median } from '../lib/report';
import { startBenchSim } from '../lib/sim';
import { watchLoad } from './coldLoad';
import { buildColdStartSides } from './buildPages';

const loads = Number(process.argv[2] ?? 7);
const extraDirs = process.argv.slice(3);
const MARKS = ['kiosk:first-screen', 'kiosk:worker-ready', 'first-contentful-paint'];
/** The kernel keeps 15 characters of a thread's name, and the renderer's main thread has the process's own. */
const THREAD_NAMES: Record<string, string> = {
  chromium: 'main thread',
  ThreadPoolForeg: 'ThreadPoolForegroundWorker',
  DedicatedWorker: 'DedicatedWorker thread',
  Chrome_ChildIOT: 'Chrome_ChildIOThread',
};
/** Between loads, so that the closed context's processes are gone before the next count. */
const SETTLE_MS = 300;

/** `/proc/<id>/stat` (or a task's): the name in brackets and the minor faults (field 10). */
function statOf(path: string): { name: string; minflt: number } {
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: /\(([^)]*)\)/.exec(stat)?.[1] ?? '?', minflt: Number(fields[7]) };
}

/**
 * Minor faults of every Chromium process now, keyed by process (or renderer thread) id, with the row it counts
 * in: the process type (`--type`, the utility's service), or the renderer's thread name without its number.
 */
function faultsNow(): Map<string, { row: string; minflt: number }> {
  const now = new Map<string, { row: string; minflt: number }>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!/chrom/i.test(statOf(`/proc/${pid}/stat`).name)) continue;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
      const service = /--utility-sub-type=[\w.]*\.(\w+)/.exec(cmdline)?.[1];
      if (type !== 'renderer') {
        now.set(pid, { row: service ? `${type} (${service})` : type, minflt: statOf(`/proc/${pid}/stat`).minflt });
        continue;
      }
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const thread = statOf(`/proc/${pid}/task/${tid}/stat`);
        const name = thread.name.replace(/\d+$/, '');
        now.set(`${pid}/${tid}`, { row: `renderer / ${THREAD_NAMES[name] ?? name}`, minflt: thread.minflt });
      }
    } catch {
      // The process ended while it was read: its faults are not this load's.
      continue;
    }
  }
  return now;
}

const tmp = mkdtempSync(join(tmpdir(), 'kiosk-faults-'));
try {
  const { app, bare, screen } = await buildColdStartSides(tmp);
  const sides: [string, string][] = [['app', app], ['bare', bare], ['bare + first screen', screen], ...extraDirs.map((d) => [d, resolve(d)] as [string, string])];
  const sims = await Promise.all(sides.map(([, dir]) => startBenchSim(dir)));
  const browser = await launchChromium();
  const counts = sides.map(() => [] as Map<string, number>[]);
  try {
    // Warms the browser itself, as bench:coldstart does: its first load also writes the browser's own first pages.
    const warm = await browser.newContext({ viewport: VIEWPORT });
    await watchLoad(warm, await warm.newPage(), `${sims[1]!.sim.url}/`, MARKS);
    await warm.close();
    for (let i = 0; i < loads; i++) {
      for (let s = 0; s < sides.length; s++) {
        const before = faultsNow();
        const context = await browser.newContext({ viewport: VIEWPORT });
        await watchLoad(context, await context.newPage(), `${sims[s]!.sim.url}/`, MARKS);
        const rows = new Map<string, number>();
        for (const [id, { row, minflt }] of faultsNow()) rows.set(row, (rows.get(row) ?? 0) + minflt - (before.get(id)?.minflt ?? 0));
        counts[s]!.push(rows);
        await context.close();
        await new Promise((done) => setTimeout(done, SETTLE_MS));
      }
    }
  } finally {
    await browser.close();
    for (const { close } of sims) await close();
  }
  console.log(`pages first written during a cold load (minor faults, medians of ${loads} loads), navigation to the last of ${MARKS.join(', ')}:`);
  sides.forEach(([name], s) => {
    const loadsOfSide = counts[s]!;
    const rows = [...new Set(loadsOfSide.flatMap((load) => [...load.keys()]))].sort();
    const of = (row: string) => median(loadsOfSide.map((load) => load.get(row) ?? 0));
    const total = median(loadsOfSide.map((load) => [...load.values()].reduce((a, b) => a + b, 0)));
    console.log(`\n${name}: ${total} in all`);
    for (const row of rows) if (of(row) >= 50) console.log(`${String(of(row)).padStart(7)}  ${row}`);
  });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
