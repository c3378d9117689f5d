/** Takes a 1920x1080 screenshot of a page in headless Debian Chromium: npx tsx scripts/screenshot.ts URL OUT.png */
import { launchChromium, VIEWPORT } from '../bench/lib/browser';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: npx tsx scripts/screenshot.ts URL OUT.png');
  process.exit(2);
}
const browser = await launchChromium();
const page = await browser.newPage({ viewport: VIEWPORT });
await page.goto(url);
await page.waitForTimeout(2_500); // the startup's logo fade and the first pushes
await page.screenshot({ path: out });
await browser.close();
