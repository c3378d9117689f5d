/**
 * Where a cold start's first paint goes: loads a built page (default dist/, or the folder given) in fresh
 * contexts with a Chromium performance trace on, and prints per load the first contentful paint and the CPU
 * time (thread time, not wall: the machine is shared) of the work before it: raster, the display compositor's
 * software draw, layout, paint, style, and how many tiles were rastered. Information only, no target; compare
 * two folders (e.g. the bare page built by `vite build bench/coldstart/bare --outDir ...`) run after run.
 * Usage: `npx tsx bench/coldStartTrace.ts [dir] [loads]`.
 */
import { resolve } from 'node:path';
import { launchChromium, VIEWPORT } from './lib/browser';
import { startBenchSim } from './lib/sim';
import { median } from './lib/report';
import { watchLoad } from './coldstart/coldLoad';

const dir = resolve(process.argv[2] ?? 'dist');
const loads = Number(process.argv[3] ?? 5);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'blink', 'cc', 'viz'];
/** Trace event names summed before the first contentful paint, with the label printed. */
const SUMMED: Record<string, string> = {
  RasterTask: 'raster',
  'SoftwareRenderer::DoDrawQuad': 'draw',
  Layout: 'layout',
  Paint: 'paint',
  UpdateLayoutTree: 'style',
  ParseHTML: 'parse',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'module',
};
interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number }

const sim = await startBenchSim(dir);
const browser = await launchChromium();
const rows: Record<string, number>[] = [];
try {
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    // Left alone while it starts (bench/coldstart/coldLoad.ts: no Playwright script in the page until then).
    const fcp = (await watchLoad(context, page, `${sim.sim.url}/`, ['first-contentful-paint']))['first-contentful-paint']!;
    const parsed = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await context.close();
    const events = parsed.traceEvents;
    const start = Math.max(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
    const painted = events.filter((e) => e.name === 'firstContentfulPaint').pop()?.ts ?? start + fcp * 1000;
    const row: Record<string, number> = { fcp, tiles: 0 };
    for (const e of events) {
      const label = SUMMED[e.name];
      if (e.ph !== 'X' || e.ts < start || e.ts >= painted || label === undefined) continue;
      row[label] = (row[label] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
      if (e.name === 'RasterTask') row.tiles = (row.tiles ?? 0) + 1;
    }
    rows.push(row);
    console.log(Object.entries(row).map(([k, v]) => `${k} ${v.toFixed(1)}`).join('  '));
  }
} finally {
  await browser.close();
  await sim.close();
}
const labels = ['fcp', 'tiles', ...new Set(Object.values(SUMMED))];
console.log(`median (${dir}):`, labels.map((k) => `${k} ${median(rows.map((r) => r[k] ?? 0)).toFixed(1)}`).join('  '));
