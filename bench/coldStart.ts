/**
 * Cold start: the built app against a bare React page built the same way in the same run
 * (bench/coldstart/bare: React renders one screen, a Comlink worker answers a ping). Both are built here with
 * Vite's JS API and this repo's vite.config.ts into temporary folders, served by a simulator each, and
 * loaded SAMPLES times each, alternately, in fresh browser contexts (empty caches); medians are quoted.
 *
 * Figures (ms from navigation start, read from the pages' own performance marks and paint timing):
 * - "first screen painted": the first contentful paint, which for the app is its whole first screen (index.html
 *   carries it prerendered, scripts/firstScreenHtml.ts) and for the bare page its React render. Target: within
 *   1.2x.
 * - "first screen interactive": `kiosk:first-screen`, React's first commit of the app's screen (the hydration of
 *   the prerendered one, src/liveApp.tsx), against the bare page's first render. Target: within 1.5x.
 * - "worker ready": `kiosk:worker-ready`, the worker started and answering (the app: subscribed and started),
 *   against the bare worker's first answer. Target: within 1.4x.
 * - "main bundle gzip": the entry chunk and the chunks it imports statically (what loads before the first
 *   screen), gzip at the default level as Vite reports it. Baseline: the bare page's. Target: at most 90 kB.
 * - "first state from worker" (information): `kiosk:first-state`, the app worker's first push reaching the
 *   page (the first screen renders from it), against the bare worker's first answer.
 * - "worker bundle gzip" (information): the worker's chunk, against the bare worker's.
 *
 * `BENCH_COLDSTART_OLD=<git ref>` also builds that commit of this repository (from `git archive`, with this
 * checkout's node_modules) and loads it as a third side in the same rotation, so a change is compared with the
 * code before it under the same load; its figures are printed as the same ratios to the bare page.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { launchChromium, VIEWPORT } from './lib/browser';
import { startBenchSim } from './lib/sim';
import { median, report, type Figure } from './lib/report';
import { bundleSizes, MAIN_LIMIT_KB } from './lib/bundleSizes';

/** Page loads per side. The two sides alternate, so a busy moment of the machine hits both; medians are quoted. */
const SAMPLES = 15;
const MARKS = ['kiosk:first-screen', 'kiosk:worker-ready'] as const;
/** Only the app has this one: its worker's first push reached the page (src/liveApp.tsx). */
const FIRST_STATE = 'kiosk:first-state';
/** The first contentful paint, read from paint timing under this name. */
const FIRST_PAINT = 'first-contentful-paint';
type Times = Record<string, number>;

/** Builds the page whose index.html is in `root` with vite.config.ts into `outDir`. */
async function buildPage(root: string, outDir: string): Promise<void> {
  await build({ configFile: resolve('vite.config.ts'), root, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
}


/** Loads `url` in a fresh context and returns the marks' times from navigation start. */
async function coldLoad(browser: Browser, url: string): Promise<Times> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const names = JSON.stringify(MARKS);
    await page.waitForFunction(`${names}.every((n) => performance.getEntriesByName(n, 'mark').length > 0)`, undefined, { timeout: 20_000 });
    // The paint entry comes with the frame after the commit that painted it.
    await page.waitForFunction(`performance.getEntriesByName('${FIRST_PAINT}').length > 0`, undefined, { timeout: 20_000 });
    const all = JSON.stringify([...MARKS, FIRST_STATE, FIRST_PAINT]);
    return (await page.evaluate(`Object.fromEntries(${all}.map((n) => [n, performance.getEntriesByName(n)[0]?.startTime ?? NaN]))`)) as Times;
  } finally {
    await context.close();
  }
}

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
  const appDir = join(tmp, 'app');
  const bareDir = join(tmp, 'bare');
  try {
    await buildPage(resolve('.'), appDir);
    await buildPage(resolve('bench/coldstart/bare'), bareDir);
    const oldRef = process.env.BENCH_COLDSTART_OLD;
    const oldDir = join(tmp, 'old');
    if (oldRef) await buildRef(oldRef, tmp, oldDir);
    const appSize = bundleSizes(appDir);
    const bareSize = bundleSizes(bareDir);
    console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s: app ${readdirSync(join(appDir, 'assets')).length} assets`);

    const app = await startBenchSim(appDir);
    const bare = await startBenchSim(bareDir);
    const old = oldRef ? await startBenchSim(oldDir) : null;
    const browser = await launchChromium();
    const times = { app: [] as Times[], bare: [] as Times[], old: [] as Times[] };
    const line = (t: Times) =>
      `painted ${t[FIRST_PAINT]!.toFixed(0)}, interactive ${t['kiosk:first-screen']!.toFixed(0)}, worker ${t['kiosk:worker-ready']!.toFixed(0)} ms`;
    try {
      await coldLoad(browser, `${bare.sim.url}/`); // warm the browser itself (not the pages: each load is a fresh context)
      for (let i = 0; i < SAMPLES; i++) {
        times.app.push(await coldLoad(browser, `${app.sim.url}/`));
        times.bare.push(await coldLoad(browser, `${bare.sim.url}/`));
        if (old) times.old.push(await coldLoad(browser, `${old.sim.url}/`));
        console.log(`  sample ${i + 1}: app ${line(times.app[i]!)}; bare ${line(times.bare[i]!)}${old ? `; old ${line(times.old[i]!)}` : ''}`);
      }
    } finally {
      await browser.close();
      await app.close();
      await bare.close();
      await old?.close();
    }

    const timing = (name: string, mark: string, limit: number | null, side: Times[] = times.app): Figure => {
      const value = median(side.map((t) => t[mark]!));
      const baseline = median(times.bare.map((t) => t[mark]!));
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
    const oldFigures: Figure[] = old
      ? [
          timing(`old (${oldRef}): first screen painted`, FIRST_PAINT, null, times.old),
          timing(`old (${oldRef}): first screen interactive`, 'kiosk:first-screen', null, times.old),
          timing(`old (${oldRef}): worker ready`, 'kiosk:worker-ready', null, times.old),
        ]
      : [];
    const figures: Figure[] = [
      timing('first screen painted', FIRST_PAINT, 1.2),
      timing('first screen interactive', 'kiosk:first-screen', 1.5),
      timing('worker ready', 'kiosk:worker-ready', 1.4),
      ...oldFigures,
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
        value: median(times.app.map((t) => t[FIRST_STATE]!)),
        baseline: median(times.bare.map((t) => t['kiosk:worker-ready']!)),
        unit: 'ms',
        ratio: median(times.app.map((t) => t[FIRST_STATE]!)) / median(times.bare.map((t) => t['kiosk:worker-ready']!)),
        target: 'info',
        pass: null,
      },
      { name: 'entry chunk gzip', value: appSize.entry, baseline: bareSize.entry, unit: 'kB', ratio: appSize.entry / bareSize.entry, target: 'info', pass: null },
      { name: 'worker bundle gzip', value: appSize.worker, baseline: bareSize.worker, unit: 'kB', ratio: appSize.worker / bareSize.worker, target: 'info', pass: null },
    ];
    report('coldStart', figures, { samples: SAMPLES, times, sizes: { app: appSize, bare: bareSize }, seconds: (performance.now() - started) / 1000 });
    console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
