/**
 * Cold start: the built app against a bare React page built the same way in the same run
 * (bench/coldstart/bare: React renders one screen, a Comlink worker answers a ping). Both are built here with
 * Vite's JS API and this repo's vite.config.ts into temporary folders (its first-screen plugin transforms the
 * app's index.html only), served by a simulator each, and loaded SAMPLES times each, taking turns, in fresh
 * browser contexts (empty caches) that nothing of Playwright's runs in while they start
 * (bench/coldstart/coldLoad.ts); medians are quoted.
 *
 * Figures (ms from navigation start, read from the pages' own performance marks and paint timing):
 * - "first screen painted": the first contentful paint, which for the app is its whole first screen (index.html
 *   carries it prerendered, scripts/firstScreenHtml.ts) and for the bare page its React render (which paints
 *   nothing before). Regression guard: within 1.4x.
 * - "first screen interactive": `kiosk:first-screen`, React's first commit of the app's screen (the hydration of
 *   the prerendered one, src/liveApp.tsx), against the bare page's first render. Regression guard: within 1.9x.
 * - "worker ready": `kiosk:worker-ready`, the worker started and answering (the app: subscribed and started),
 *   against the bare worker's first answer. Regression guard: within 1.6x.
 * - "main bundle gzip": what index.html loads (bench/lib/bundleSizes.ts: the entry chunk, its static imports,
 *   what it preloads, the inline boot script and styles), gzip at the default level as Vite reports it. Baseline: the bare page's. Target: at most 90 kB.
 * - "first state from worker" (information): `kiosk:first-state`, the app worker's first push reaching the
 *   page (the first screen renders from it), against the bare worker's first answer.
 * - "worker bundle gzip" (information): the worker's chunk, against the bare worker's.
 * - "bare + first screen" (information): a control side, the bare page carrying the app's first screen as static
 *   markup (coldstart/screenControl.ts): its paint and React render against the bare page's (what the screen's
 *   pixels cost), and the app's against it (what the app's scripts add to them).
 * - "fresh memory" (information): what the first write to a fresh 4 kB page costs this machine, against a second
 *   write (lib/freshMemory.ts). Where it is dear (12 µs on 28 Nov 2026, against about 1 µs at most on an ordinary
 *   machine) the prerendered screen's raster and the worker's new heap dominate the app's side, and the ratios
 *   are not comparable with runs on a machine where it is cheap (bench/README.md at f0de46c).
 *
 * `BENCH_COLDSTART_OLD=<git ref>` also builds that commit of this repository (from `git archive`, with this
 * checkout's node_modules) and loads it as one more side in the same rotation, so a change is compared with the
 * code before it under the same load; its figures are printed as the same ratios to the bare page.
 * `BENCH_COLDSTART_DIRS=a,b` adds folders built beforehand as more sides (variants of a change, A/B in one run);
 * `BENCH_COLDSTART_SAMPLES` sets the loads per side. Each extra side is also compared with the app round by round
 * (coldstart/paired.ts): a change of a few ms shows there long before the medians tell it apart.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBenchSim } from './lib/sim';
import { median, report, type Figure } from './lib/report';
import { bundleSizes, MAIN_LIMIT_KB } from './lib/bundleSizes';
import { freshMemoryFigure } from './lib/freshMemory';
import { openColdLoader, type Probe, type Times } from './coldstart/coldLoad';
import { pairedLine } from './coldstart/paired';
import { buildColdStartSides } from './coldstart/buildPages';

/** Page loads per side. The sides take turns, so a busy moment of the machine hits each; medians are quoted. */
const SAMPLES = Number(process.env.BENCH_COLDSTART_SAMPLES ?? 15);
const MARKS = ['kiosk:first-screen', 'kiosk:worker-ready'] as const;
/** Only the app has this one: its worker's first push reached the page (src/liveApp.tsx). */
const FIRST_STATE = 'kiosk:first-state';
/** The first contentful paint, read from paint timing under this name. */
const FIRST_PAINT = 'first-contentful-paint';
/** What every load waits for. */
const AWAITED = [...MARKS, FIRST_PAINT];
/**
 * How the pages are loaded and watched (bench/coldstart/coldLoad.ts): `quiet` (the default) in Playwright's
 * Chromium; `BENCH_COLDSTART_PROBE=pipe` in a Chromium of our own with no debugger attached (see bench/README.md at f0de46c,
 * "Cold start without a debugger"); `playwright` as the bench did before 24 Nov 2026.
 */
const PROBES: readonly Probe[] = ['quiet', 'pipe', 'playwright'];
const PROBE: Probe = PROBES.find((p) => p === process.env.BENCH_COLDSTART_PROBE) ?? 'quiet';
/** The sides: the app, the bare page, the control (the bare page with the app's screen), then the extra ones. */
const EXTRA = 3;

/** Builds commit `ref` of this repository into `outDir` (its own vite.config.ts, this checkout's node_modules). */
async function buildRef(ref: string, tmp: string, outDir: string): Promise<void> {
  const src = join(tmp, 'src-old');
  mkdirSync(src);
  execSync(`git archive ${ref} | tar -x -C ${src}`, { stdio: 'inherit' });
  symlinkSync(resolve('node_modules'), join(src, 'node_modules'));
  execSync(`npx vite build --logLevel warn --outDir ${outDir} --emptyOutDir`, { cwd: src, stdio: 'inherit' });
}

async function main(): Promise<void> {
  const started = performance.now();
  const tmp = mkdtempSync(join(tmpdir(), 'kiosk-coldstart-'));
  try {
    const { app: appDir, bare: bareDir, screen: screenDir } = await buildColdStartSides(tmp);
    const oldRef = process.env.BENCH_COLDSTART_OLD;
    const oldDir = join(tmp, 'old');
    if (oldRef) await buildRef(oldRef, tmp, oldDir);
    const appSize = bundleSizes(appDir);
    const bareSize = bundleSizes(bareDir);
    console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s: app ${readdirSync(join(appDir, 'assets')).length} assets`);
    // Before the loads, so that it does not run beside them.
    const freshMemory = freshMemoryFigure();

    // Sides besides the app and the bare page: the old build, and folders built beforehand (`BENCH_COLDSTART_DIRS`).
    const extraDirs: [string, string][] = [
      ...(oldRef ? [[`old (${oldRef})`, oldDir] as [string, string]] : []),
      ...(process.env.BENCH_COLDSTART_DIRS ?? '').split(',').filter(Boolean).map((d) => [d, resolve(d)] as [string, string]),
    ];
    const sides = [
      { name: 'app', dir: appDir },
      { name: 'bare', dir: bareDir },
      { name: 'screen', dir: screenDir },
      ...extraDirs.map(([name, dir]) => ({ name, dir })),
    ];
    const sims = await Promise.all(sides.map((side) => startBenchSim(side.dir)));
    const browser = await openColdLoader(PROBE);
    const times: Times[][] = sides.map(() => []);
    const line = (t: Times) =>
      `painted ${t[FIRST_PAINT]!.toFixed(0)}, interactive ${t['kiosk:first-screen']!.toFixed(0)}, worker ${t['kiosk:worker-ready']!.toFixed(0)}`;
    try {
      await browser.load(`${sims[1]!.sim.url}/`, AWAITED); // warm the browser itself (not the pages: each load is a fresh context)
      for (let i = 0; i < SAMPLES; i++) {
        // Each round starts with another side, so no side always follows the same one (a closed context's
        // processes are still going away as the next load starts).
        for (let k = 0; k < sides.length; k++) {
          const s = (i + k) % sides.length;
          times[s]!.push(await browser.load(`${sims[s]!.sim.url}/`, AWAITED, [FIRST_STATE]));
        }
        console.log(`  sample ${i + 1}: ${sides.map((side, s) => `${side.name} ${line(times[s]![i]!)}`).join('; ')} ms`);
      }
    } finally {
      await browser.close();
      for (const sim of sims) await sim.close();
    }
    const [appTimes, bareTimes, screenTimes] = times as [Times[], Times[], Times[]];

    const timing = (name: string, mark: string, limit: number | null, side: Times[] = appTimes, base: Times[] = bareTimes): Figure => {
      const value = median(side.map((t) => t[mark]!));
      const baseline = median(base.map((t) => t[mark]!));
      return {
        name,
        value,
        baseline,
        unit: 'ms',
        ratio: value / baseline,
        target: limit === null ? 'info' : `<= ${limit}x`,
        pass: limit === null ? null : value / baseline <= limit,
        samples: side.map((t) => t[mark]!),
      };
    };
    const extraFigures: Figure[] = extraDirs.flatMap(([name], e) => [
      timing(`${name}: first screen painted`, FIRST_PAINT, null, times[EXTRA + e]),
      timing(`${name}: first screen interactive`, 'kiosk:first-screen', null, times[EXTRA + e]),
      timing(`${name}: worker ready`, 'kiosk:worker-ready', null, times[EXTRA + e]),
    ]);
    // The control (coldstart/screenControl.ts): what the screen's pixels cost against the bare page, and what the
    // app's scripts add to them.
    const screenFigures: Figure[] = [
      timing('bare + first screen: painted', FIRST_PAINT, null, screenTimes),
      timing('bare + first screen: interactive', 'kiosk:first-screen', null, screenTimes),
      timing('app against bare + first screen: painted', FIRST_PAINT, null, appTimes, screenTimes),
      timing('app against bare + first screen: interactive', 'kiosk:first-screen', null, appTimes, screenTimes),
    ];
    const figures: Figure[] = [
      // Regression guards, not targets: the measured 1.24-1.35x, 1.62-1.73x and 1.33-1.48x of 28 Nov 2026 plus a
      // margin. Fresh memory is dear on this VM and a kiosk loads once per boot (issue 34), so these only catch a
      // change that makes the cold start clearly worse.
      timing('first screen painted', FIRST_PAINT, 1.4),
      timing('first screen interactive', 'kiosk:first-screen', 1.9),
      timing('worker ready', 'kiosk:worker-ready', 1.6),
      ...extraFigures,
      ...screenFigures,
      {
        name: 'main bundle gzip (all the first screen loads)',
        value: appSize.main,
        baseline: bareSize.main,
        unit: 'kB',
        ratio: appSize.main / MAIN_LIMIT_KB,
        target: `<= ${MAIN_LIMIT_KB} kB (ratio <= 1)`,
        pass: appSize.main <= MAIN_LIMIT_KB,
      },
      {
        // Where the app's first screen waits: the worker's first push, against the bare worker's first answer.
        name: 'first state from worker',
        value: median(appTimes.map((t) => t[FIRST_STATE]!)),
        baseline: median(bareTimes.map((t) => t['kiosk:worker-ready']!)),
        unit: 'ms',
        ratio: median(appTimes.map((t) => t[FIRST_STATE]!)) / median(bareTimes.map((t) => t['kiosk:worker-ready']!)),
        target: 'info',
        pass: null,
      },
      { name: 'entry chunk gzip', value: appSize.entry, baseline: bareSize.entry, unit: 'kB', ratio: appSize.entry / bareSize.entry, target: 'info', pass: null },
      { name: 'worker bundle gzip', value: appSize.worker, baseline: bareSize.worker, unit: 'kB', ratio: appSize.worker / bareSize.worker, target: 'info', pass: null },
      freshMemory,
    ];
    const compared: [string, string][] = [['painted', FIRST_PAINT], ['interactive', 'kiosk:first-screen'], ['worker ready', 'kiosk:worker-ready']];
    if (extraDirs.length > 0) console.log('\nround by round against the app (median of the differences; a minus: the side was sooner):');
    extraDirs.forEach(([name], e) => console.log(`  ${name}: ${pairedLine(times[EXTRA + e]!, appTimes, compared)}`));
    report('coldStart', figures, { samples: SAMPLES, probe: PROBE, times: Object.fromEntries(sides.map((side, s) => [side.name, times[s]])), sizes: { app: appSize, bare: bareSize }, seconds: (performance.now() - started) / 1000 });
    console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
