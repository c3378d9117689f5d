/**
 * An A/B of the open of a day (bench:replay-browser's first figure) between builds, opens alternated one after
 * the other in one browser (the machine is shared and noisy): `BENCH_AB_DISTS=dist,/tmp/other` (A first, each a
 * `vite build --outDir`), `BENCH_AB_ROUNDS` rounds (6). Each open is followed by the bare worker's fetch and parse
 * of the same file (the open's baseline), and the order of the builds is swapped every round. Prints each open
 * and, per build, the median open and the median of its ratios to parse alone:
 * `npx tsx bench/replay/openAB.ts`.
 */
import { linkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, VIEWPORT } from '../lib/browser';
import { startBenchSim, type BenchSim } from '../lib/sim';
import { median } from '../lib/report';
import { load } from '../scale/scaleLogs';
import { generateRobotLog } from './robotLog';
import { plantRare } from './rareTerm';
import { DAY_LOG_NAME, openDay, parseOnlyMs } from './dayOpen';

const DISTS = (process.env.BENCH_AB_DISTS ?? 'dist').split(',');
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 6);

const text = plantRare(generateRobotLog(1_000_000)).join('\n') + '\n';
const files = DISTS.map((dist) => join(dist, DAY_LOG_NAME));
writeFileSync(files[0]!, text);
for (const file of files.slice(1)) {
  rmSync(file, { force: true });
  linkSync(files[0]!, file);
}
const sims: BenchSim[] = [];
const browser = await launchChromium();
try {
  for (const dist of DISTS) sims.push(await startBenchSim(dist));
  const runs: { dist: string; open: number; parse: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = DISTS.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const page = await browser.newPage({ viewport: VIEWPORT });
      const base = sims[i]!.sim.url;
      const opened = await openDay(page, base, DAY_LOG_NAME);
      const parse = await parseOnlyMs(page, `${base}/${DAY_LOG_NAME}`);
      await page.close();
      runs.push({ dist: DISTS[i]!, open: opened.indexed, parse });
      console.log(`  round ${round + 1} ${DISTS[i]}: open ${opened.indexed.toFixed(0)} ms = ${(opened.indexed / parse).toFixed(2)}x parse alone (${parse.toFixed(0)} ms); load ${load()}`);
    }
  }
  console.log('\nmedians');
  for (const dist of DISTS) {
    const mine = runs.filter((r) => r.dist === dist);
    console.log(`  ${dist}: open ${median(mine.map((r) => r.open)).toFixed(0)} ms, ${median(mine.map((r) => r.open / r.parse)).toFixed(2)}x parse alone (parse ${median(mine.map((r) => r.parse)).toFixed(0)} ms)`);
  }
} finally {
  await browser.close();
  for (const sim of sims) await sim.close();
  for (const file of files) rmSync(file, { force: true });
}
