/**
 * What bench:map (bench/mapTrack.ts) samples over CDP and /proc: the renderer main thread's task and CPU time
 * second by second (and per map update, less the idle page's rate), and the browser's resident memory.
 */
import { readFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { median } from '../lib/report';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The renderer main thread's task time (wall clock, TaskDuration) and CPU time (ThreadTime), and the
 * renderer's clock when it read them (Timestamp), all in ms.
 */
export async function mainThreadMs(cdp: CDPSession): Promise<{ task: number; cpu: number; at: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return { task: ms('TaskDuration'), cpu: ms('ThreadTime'), at: ms('Timestamp') };
}

/**
 * The resident memory of every process of the browser (browser, renderers, GPU/compositor, utilities) in MB,
 * read from /proc by the ids Chromium reports: where a picture's copies live (worker, compositor) varies.
 */
export async function browserRssMb(cdp: CDPSession): Promise<number> {
  return Object.values(await browserRssByType(cdp)).reduce((a, b) => a + b, 0);
}

/** The same by kind of process (browser, renderer, GPU, utility), MB: where a rise is. */
export async function browserRssByType(cdp: CDPSession): Promise<Record<string, number>> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; type: string }[] };
  const out: Record<string, number> = {};
  for (const { id, type } of processInfo) {
    try {
      out[type] = (out[type] ?? 0) + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** Samples `read` every 250 ms until stopped; `stop` returns the samples. */
export function sampleEvery(read: () => Promise<number>): { stop(): Promise<number[]> } {
  const out: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      try {
        out.push(await read());
      } catch {
        return; // the page or browser closed (a run that failed): the samples so far stand
      }
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      on = false;
      await loop;
      return out;
    },
  };
}

export type Sample = Awaited<ReturnType<typeof mainThreadMs>>;

/** Samples the main thread's times now and after each of `seconds` seconds; `each(i)` runs at the start of second i. */
export async function sampleSeconds(cdp: CDPSession, seconds: number, each: (i: number) => void = () => undefined): Promise<Sample[]> {
  const out = [await mainThreadMs(cdp)];
  for (let i = 1; i <= seconds; i++) {
    each(i);
    await sleep(1_000);
    out.push(await mainThreadMs(cdp));
  }
  return out;
}

/** The task and CPU time of each sampled second, and its length by the renderer's clock. */
export const seconds = (s: Sample[]) => s.slice(1).map((b, i) => ({ task: b.task - s[i]!.task, cpu: b.cpu - s[i]!.cpu, ms: b.at - s[i]!.at }));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Main-thread time per update: each update's second less the idle page's rate for as long. `median` takes the
 * typical second of each (a second in which this shared machine kept the thread off a core for 10 ms is
 * an outlier there), `mean` spreads every second's time over the updates.
 */
export function perUpdate(idle: Sample[], updates: Sample[], key: 'task' | 'cpu', by: 'median' | 'mean'): number {
  const pick = by === 'median' ? median : mean;
  const rate = pick(seconds(idle).map((s) => s[key] / s.ms));
  return pick(seconds(updates).map((s) => s[key] - rate * s.ms));
}
