// Takes a 1920x1080 screenshot of a page in headless Debian Chromium: node scripts/screenshot.mjs URL OUT.png
import { chromium } from 'playwright-core';
const [url, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
await page.goto(url);
await page.waitForTimeout(2500);
await page.screenshot({ path: out });
await browser.close();
