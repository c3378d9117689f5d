/**
 * A CPU profile of the replay worker in Chromium while it indexes (issue 17): generates DAYS days of robot
 * traffic into dist/ (deleted afterwards), opens `/replay?log=URL` on the built app, and records the worker's
 * CPU profile for SECONDS from the first moment on, then prints the time to index it all: `npx tsx bench/scale/workerProfile.ts [DAYS] [SECONDS] [OUT]`
 * (needs `vite build` first, `PROFILE_DIST=DIR` for another build, say `vite build --minify false --outDir DIR`, whose
 * function names are readable; OUT defaults to /tmp/replayWorker.cpuprofile, which Chrome's DevTools opens; the reader
 * worker's profile is written beside it, OUT with `.reader.cpuprofile`).
 */
import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, VIEWPORT } from '../lib/browser';
import { startBenchSim } from '../lib/sim';
import { replayWorkerCall } from '../lib/workerCdp';
import { generateRobotLog } from '../replay/robotLog';

const days = Number(process.argv[2] ?? 2);
const seconds = Number(process.argv[3] ?? 5);
const out = process.argv[4] ?? '/tmp/replayWorker.cpuprofile';
const name = `bench-profile-${days}d.jsonl`;
const dist = process.env.PROFILE_DIST ?? 'dist';
const file = join(dist, name);

const fd = openSync(file, 'w');
for (let day = 0; day < days; day++) writeSync(fd, generateRobotLog(1_000_000, 7 + day, { day, header: day === 0 }).join('\n') + '\n');
closeSync(fd);
const bench = await startBenchSim(dist);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(`${bench.sim.url}/replay?log=/${name}`);
  await page.waitForFunction(() => performance.getEntriesByName('replay:opened').length > 0, undefined, { timeout: 60_000, polling: 20 });
  const cdp = await browser.newBrowserCDPSession();
  // The replay worker, and the worker that reads the log's lines for it (worker/lineReaderWorker.ts).
  const calls = [await replayWorkerCall(cdp), await replayWorkerCall(cdp, 'lineReaderWorker')];
  for (const call of calls) {
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 200 });
    await call('Profiler.start');
  }
  await page.waitForTimeout(seconds * 1000);
  const [{ profile }, { profile: reader }] = [await calls[0]!('Profiler.stop'), await calls[1]!('Profiler.stop')];
  writeFileSync(out, JSON.stringify(profile));
  writeFileSync(out.replace(/(\.cpuprofile)?$/, '.reader.cpuprofile'), JSON.stringify(reader));
  await page.waitForFunction(() => performance.getEntriesByName('replay:indexed').length > 0, undefined, { timeout: 600_000, polling: 100 });
  const indexMs = await page.evaluate(() => performance.getEntriesByName('replay:indexed')[0]!.duration);
  console.log(`worker profile of ${seconds} s written to ${out}; indexed in ${indexMs.toFixed(0)} ms (profiled for part of it)`);
} finally {
  await browser.close();
  await bench.close();
  rmSync(file, { force: true });
}
