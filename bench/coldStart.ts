/**
 * Cold start: the built app against a bare React page built the same way in the same run
 * (bench/coldstart/bare: React renders one screen, a Comlink worker answers a ping). Both are built here with
 * Vite's JS API and this repo's vite.config.ts into temporary folders, served by a simulator each, and
 * loaded SAMPLES times each, alternately, in fresh browser contexts (empty caches); medians are quoted.
 *
 * Figures (ms from navigation start, read from the pages' own performance marks):
 * - "first screen": `kiosk:first-screen`, the first render of the app's screen (src/liveApp.tsx), against the
 *   bare page's first render. Target: within 1.5x.
 * - "worker ready": `kiosk:worker-ready`, the worker started and answering (the app: subscribed and started),
 *   against the bare worker's first answer. Target: within 1.5x.
 * - "main bundle gzip": the entry chunk and the chunks it imports statically (what loads before the first
 *   screen), gzip at the default level as Vite reports it. Baseline: the bare page's. Target: at most 90 kB.
 * - "first state from worker" (information): `kiosk:first-state`, the app worker's first push reaching the
 *   page (the first screen renders from it), against the bare worker's first answer.
 * - "worker bundle gzip" (information): the worker's chunk, against the bare worker's.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/** Builds the page whose index.html is in `root` with vite.config.ts into `outDir`. */
async function buildPage(root: string, outDir: string): Promise<void> {
  await build({ configFile: resolve('vite.config.ts'), root, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
}


/** Loads `url` in a fresh context and returns the marks' times from navigation start. */
async function coldLoad(browser: Browser, url: string): Promise<Record<(typeof MARKS)[number], number>> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const names = JSON.stringify(MARKS);
    await page.waitForFunction(`${names}.every((n) => performance.getEntriesByName(n, 'mark').length > 0)`, undefined, { timeout: 20_000 });
    const all = JSON.stringify([...MARKS, FIRST_STATE]);
    return (await page.evaluate(`Object.fromEntries(${all}.map((n) => [n, performance.getEntriesByName(n, 'mark')[0]?.startTime ?? NaN]))`)) as Record<
      (typeof MARKS)[number],
      number
    >;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const tmp = mkdtempSync(join(tmpdir(), 'kiosk-coldstart-'));
  const appDir = join(tmp, 'app');
  const bareDir = join(tmp, 'bare');
  try {
    await buildPage(resolve('.'), appDir);
    await buildPage(resolve('bench/coldstart/bare'), bareDir);
    const appSize = bundleSizes(appDir);
    const bareSize = bundleSizes(bareDir);
    console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s: app ${readdirSync(join(appDir, 'assets')).length} assets`);

    const app = await startBenchSim(appDir);
    const bare = await startBenchSim(bareDir);
    const browser = await launchChromium();
    const times = { app: [] as Record<string, number>[], bare: [] as Record<string, number>[] };
    try {
      await coldLoad(browser, `${bare.sim.url}/`); // warm the browser itself (not the pages: each load is a fresh context)
      for (let i = 0; i < SAMPLES; i++) {
        times.app.push(await coldLoad(browser, `${app.sim.url}/`));
        times.bare.push(await coldLoad(browser, `${bare.sim.url}/`));
        const a = times.app[i]!;
        const b = times.bare[i]!;
        console.log(
          `  sample ${i + 1}: app first screen ${a['kiosk:first-screen']!.toFixed(0)} ms, worker ${a['kiosk:worker-ready']!.toFixed(0)} ms; ` +
            `bare ${b['kiosk:first-screen']!.toFixed(0)} ms, worker ${b['kiosk:worker-ready']!.toFixed(0)} ms`,
        );
      }
    } finally {
      await browser.close();
      await app.close();
      await bare.close();
    }

    const timing = (name: string, mark: (typeof MARKS)[number]): Figure => {
      const value = median(times.app.map((t) => t[mark]!));
      const baseline = median(times.bare.map((t) => t[mark]!));
      return {
        name,
        value,
        baseline,
        unit: 'ms',
        ratio: value / baseline,
        target: '<= 1.5x',
        pass: value / baseline <= 1.5,
        samples: times.app.map((t) => t[mark]!),
      };
    };
    const figures: Figure[] = [
      timing('first screen', 'kiosk:first-screen'),
      timing('worker ready', 'kiosk:worker-ready'),
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
