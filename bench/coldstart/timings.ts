/**
 * Diagnosis for bench:coldstart (not a benchmark): cold loads of a built page without tracing, printing the
 * page's resource timings (request start, response end), its paint entries and marks, from navigation start.
 * `npx tsx bench/coldstart/timings.ts [distDir] [loads]`.
 */
import { launchChromium, VIEWPORT } from '../lib/browser';
import { startBenchSim } from '../lib/sim';

const dist = process.argv[2] ?? 'dist';
const loads = Number(process.argv[3] ?? 3);
const { sim, close } = await startBenchSim(dist);
const browser = await launchChromium();
try {
  for (let i = 0; i <= loads; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    page.on('console', (m) => console.log(`  console.${m.type()}: ${m.text()}`));
    await page.goto(`${sim.url}/`);
    await page.waitForFunction(`performance.getEntriesByName('kiosk:worker-ready').length > 0`, undefined, { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 200));
    const rows = (await page.evaluate(`[
      ...performance.getEntriesByType('navigation').map((e) => ['navigation', 0, e.responseEnd, e.domInteractive]),
      ...performance.getEntriesByType('resource').map((e) => [e.name.replace(/^.*\\//, ''), e.startTime, e.responseEnd, e.initiatorType]),
      ...performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]),
      ...performance.getEntriesByType('mark').map((e) => [e.name, e.startTime]),
    ]`)) as [string, number, number?, unknown?][];
    await context.close();
    if (i === 0) continue;
    console.log(`load ${i}`);
    for (const [name, a, b, c] of rows.sort((x, y) => (x[2] ?? x[1]) - (y[2] ?? y[1])))
      console.log(`  ${name.padEnd(34)} ${a.toFixed(1).padStart(6)} ${b === undefined ? '' : b.toFixed(1).padStart(6)} ${c ?? ''}`);
  }
} finally {
  await browser.close();
  await close();
}
