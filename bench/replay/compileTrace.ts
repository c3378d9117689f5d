/**
 * What V8's compilers do while the replay page loads and opens a day (bench:replay-browser's first figure):
 * opens the day in a Chromium launched with `--js-flags=--trace-opt --trace-deopt`, and prints the optimising compiles by
 * function (count and milliseconds of the compile's main phase, which runs on V8's helper threads: on two cores,
 * time taken from the index) and the deoptimisations by reason and function. A function compiled again and again
 * is deoptimised in a loop (bench/README.md, "29 Nov, the compiler's share of an open"). Names are the build's:
 * `vite build --minify false --outDir DIR` keeps them readable.
 * Usage: `BENCH_DIST=DIR npx tsx bench/replay/compileTrace.ts [OPENS]`.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// V8 writes its traces to the renderer's standard output, which Playwright's debug log (read when its bundle
// loads, so the imports below come after) writes to our standard error: kept here instead of printed.
process.env.DEBUG = 'pw:browser';
const lines: string[] = [];
const writeError = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  const text = String(chunk);
  if (!text.includes('pw:browser')) return writeError(chunk, ...rest);
  lines.push(...text.split('\n'));
  return true;
}) as typeof process.stderr.write;
const { chromium } = await import('playwright-core');
const { CHROMIUM_ARGS, VIEWPORT } = await import('../lib/browser');
const { startBenchSim } = await import('../lib/sim');
const { generateRobotLog } = await import('./robotLog');
const { plantRare } = await import('./rareTerm');
const { DAY_LOG_NAME, openDay } = await import('./dayOpen');

const dist = process.env.BENCH_DIST ?? 'dist';
const opens = Number(process.argv[2] ?? 1);
const file = join(dist, DAY_LOG_NAME);
writeFileSync(file, plantRare(generateRobotLog(1_000_000)).join('\n') + '\n');

const sim = await startBenchSim(dist);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, '--js-flags=--trace-opt --trace-deopt'],
});
try {
  for (let i = 0; i < opens; i++) {
    lines.length = 0;
    const page = await browser.newPage({ viewport: VIEWPORT });
    const opened = await openDay(page, sim.sim.url, DAY_LOG_NAME);
    await page.close();
    console.log(`open ${i + 1}: indexed in ${opened.indexed.toFixed(0)} ms`);
    summarise(lines);
  }
} finally {
  await browser.close();
  await sim.close();
  rmSync(file, { force: true });
}

/** Prints the compiles and deoptimisations traced in `trace`. */
function summarise(trace: readonly string[]): void {
  const compiles = new Map<string, { count: number; ms: number }>();
  const deopts = new Map<string, number>();
  for (const line of trace) {
    const done = /completed (?:compiling|optimizing) .*?<JSFunction (\S+).*?\(target (\w+)\)( OSR)? - took [\d.]+, ([\d.]+), [\d.]+ ms/.exec(line);
    if (done) {
      const key = `${done[2]}${done[3] ?? ''} ${done[1]}`;
      const c = compiles.get(key) ?? { count: 0, ms: 0 };
      c.count += 1;
      c.ms += Number(done[4]);
      compiles.set(key, c);
    }
    const bail = /reason: (.*?)\): begin\. deoptimizing \S+ <JSFunction (\S+)/.exec(line);
    if (bail) deopts.set(`${bail[2]}: ${bail[1]}`, (deopts.get(`${bail[2]}: ${bail[1]}`) ?? 0) + 1);
  }
  const byTarget = new Map<string, { count: number; ms: number }>();
  for (const [key, c] of compiles) {
    const target = key.split(' ')[0]!;
    const t = byTarget.get(target) ?? { count: 0, ms: 0 };
    byTarget.set(target, { count: t.count + c.count, ms: t.ms + c.ms });
  }
  for (const [target, t] of byTarget) console.log(`  ${target}: ${t.count} compiles, ${t.ms.toFixed(0)} ms`);
  console.log('  most compile time (compiler, function, times, ms):');
  for (const [key, c] of [...compiles].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) console.log(`    ${key} x${c.count} ${c.ms.toFixed(0)}`);
  console.log('  deoptimisations (function: reason, times):');
  for (const [key, n] of [...deopts].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`    ${key} x${n}`);
}
