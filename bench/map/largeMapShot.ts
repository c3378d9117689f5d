/**
 * Diagnosis (not a benchmark): /mapping/track with one large map pushed, a screenshot at the fitted zoom and
 * one zoomed in. `npx tsx bench/map/largeMapShot.ts [size] [outPrefix]` after `vite build`.
 */
import { launchChromium, VIEWPORT } from '../lib/browser';
import { startBenchSim } from '../lib/sim';
import { growingMaps } from './maps';

const size = Number(process.argv[2] ?? 4096);
const out = process.argv[3] ?? '/tmp/large-map';
const [image] = growingMaps(size, 1);
const { sim, close } = await startBenchSim('dist');
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${sim.url}/mapping/track`);
  await page.locator('.topbar').waitFor();
  for (let i = 0; i < 10; i++) {
    sim.app.hub.broadcast('mapping/mapUpdate', { image, origin: { x: -50, y: -50 }, resolution: 0.05, robot: { x: 0, y: 0, orientation: 0 } });
    await new Promise((r) => setTimeout(r, 1500));
    if (Number(await page.getByTestId('map-view').getAttribute('data-map-version')) >= 1) break;
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}-fit.png` });
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}-zoomed.png` });
  console.log(await page.getByTestId('map-view').getAttribute('data-transform'));
} finally {
  await browser.close();
  await close();
}
