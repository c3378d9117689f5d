/**
 * An A/B of the replay page's indexing between two builds on the same log, runs alternated one after the other
 * (the machine is shared and noisy): `BENCH_AB_DISTS=dist,../other/dist` (A first), `BENCH_AB_DAYS` generated
 * days (6: about 1 GB), `BENCH_AB_ROUNDS` rounds. Each round measures Node's parse alone of the log (bench/scale/
 * nodeRun.ts `parse`) and then each build, in turn (the order swapped every round), opening
 * `/replay?log=URL&at=T` with T in the log's middle (bench/scale/linkedMoment.ts): the whole log indexed, as a
 * ratio to that round's parse alone; its first moment; and how long after indexing passed T the moment was on
 * show. Prints each run and the medians; `npx tsx bench/scale/indexAB.ts` (after `vite build` of each side).
 */
import { linkSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, VIEWPORT } from '../lib/browser';
import { startBenchSim } from '../lib/sim';
import { median } from '../lib/report';
import { linkedMoment, type LinkedMoment } from './linkedMoment';
import { DAY0, DAY_MS, load, nodeRun, writeLog } from './scaleLogs';

const DISTS = (process.env.BENCH_AB_DISTS ?? 'dist').split(',');
const DAYS = Number(process.env.BENCH_AB_DAYS ?? 6);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const NAME = `bench-ab-${process.pid}.jsonl`;

interface Run extends LinkedMoment {
  dist: string;
  parseMs: number;
}

async function openOnce(dist: string, at: number): Promise<LinkedMoment> {
  const bench = await startBenchSim(dist);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    return await linkedMoment(page, `${bench.sim.url}/replay?log=/${NAME}&at=${at}`, at);
  } finally {
    await browser.close();
    await bench.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ab-'));
  const file = join(dir, NAME);
  const served = DISTS.map((d) => join(d, NAME));
  try {
    const size = writeLog(file, DAYS);
    for (const s of served) linkSync(file, s);
    // The middle of the log, on a whole second (the replayed clock, which the probe compares, counts seconds).
    const at = DAY0 + Math.round((DAYS * DAY_MS) / 2 / 1000) * 1000;
    console.log(`${NAME}: ${(size / 1e9).toFixed(2)} GB, ${DAYS} days; T = ${new Date(at).toISOString()}; load ${load()}`);
    const runs: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const parseMs = nodeRun('parse', file).ms;
      const order = round % 2 === 0 ? DISTS : [...DISTS].reverse();
      for (const dist of order) {
        const run = { dist, parseMs, ...(await openOnce(dist, at)) };
        runs.push(run);
        console.log(
          `  round ${round + 1} ${dist}: indexed ${(run.indexMs / 1000).toFixed(1)} s = ${(run.indexMs / parseMs).toFixed(2)}x parse alone (${(parseMs / 1000).toFixed(1)} s); ` +
            `first moment ${run.firstMs.toFixed(0)} ms; T on show ${run.afterReportMs.toFixed(0)} ms after the report past it, ${run.afterPassedMs.toFixed(0)} ms after indexing passed it; load ${load()}`,
        );
      }
    }
    console.log('\nmedians');
    for (const dist of DISTS) {
      const mine = runs.filter((r) => r.dist === dist);
      const ratio = median(mine.map((r) => r.indexMs / r.parseMs));
      console.log(
        `  ${dist}: indexed ${(median(mine.map((r) => r.indexMs)) / 1000).toFixed(1)} s, ${ratio.toFixed(2)}x parse alone; first moment ${median(mine.map((r) => r.firstMs)).toFixed(0)} ms; ` +
          `T on show after the report ${median(mine.map((r) => r.afterReportMs)).toFixed(0)} ms, after indexing passed it ${median(mine.map((r) => r.afterPassedMs)).toFixed(0)} ms (the most ${Math.max(...mine.map((r) => r.afterPassedMs)).toFixed(0)} ms)`,
      );
    }
  } finally {
    for (const s of served) rmSync(s, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
