/**
 * The harness the frame benchmarks share: the built app against a simulator whose own battery reports are
 * muted (so every battery frame on screen is one the bench sent), and `runs` fresh browser contexts, each with
 * the page probe (bench/storm/pageProbe.js) installed before the app loads. A page error fails the bench.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium, VIEWPORT } from './browser';
import { startBenchSim } from './sim';

/** One run in its own page: `send` puts raw text on every `/ws` connection. */
export type ProbedRun<R> = (page: Page, url: string, send: (text: string) => void) => Promise<R>;

export async function probedRuns<R>(script: string, runs: number, oneRun: ProbedRun<R>, afterRun: (run: R, index: number) => void): Promise<R[]> {
  if (!existsSync('dist/index.html')) throw new Error(`dist/ is missing: run \`npm run ${script}\` (it builds first)`);
  const probe = await readFile(fileURLToPath(new URL('../storm/pageProbe.js', import.meta.url)), 'utf8');
  const { sim, close } = await startBenchSim('dist');
  const hub = sim.app.hub;
  const broadcast = hub.broadcast.bind(hub);
  hub.broadcast = (event, data) => (event === 'robot/battery_state' ? undefined : broadcast(event, data));
  const browser = await launchChromium();
  const results: R[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      await context.addInitScript({ content: probe });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const run = await oneRun(page, sim.url, (text) => hub.sendRaw(text));
      await context.close();
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
      results.push(run);
      afterRun(run, i);
    }
  } finally {
    await browser.close();
    await close();
  }
  return results;
}
