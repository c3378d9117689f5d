/**
 * The back end under a generated corpus of malformed input (issue 40, api.md "Left running on a network"): the
 * real back end as a child process, sent a few thousand cases with a fixed seed over raw TCP on both ports
 * (HTTP requests, WebSocket upgrades, WebSocket frames after a taken upgrade). After every batch the process still
 * runs, `/healthz` answers 200, and no error reached the last-resort handler (its count on the control surface,
 * its line in the output). Its heap (after a full collection) and RSS are measured after a warm-up batch and at
 * the end, and must stay bounded. The same corpus goes to the pass-through server (`--backend`) in front of a
 * second back end, which applies the same limits (http/limits.ts). The figures are printed, and recorded in
 * bench/README.md ("Fuzz").
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LAST_RESORT_LOG } from '../../backend/http/lastResort';
import { call, login, until } from '../sim/helpers';
import { type ChildBackend, spawnBackend } from './fuzz/child';
import { type FuzzTarget, httpCase, type RawCase } from './fuzz/httpCases';
import { Prng } from './fuzz/prng';
import { sendCase } from './fuzz/send';
import { framesCase, upgradeCase } from './fuzz/wsCases';

const SEED = 40;
const BATCHES = 12;
const BATCH_SIZE = 400;
/** the pass-through server: fewer batches, each case also costs a call to the robot behind it */
const PROXY_BATCHES = 4;
/** connections in flight at once (well under the 64 sockets one address may hold open) */
const PARALLEL = 24;

const children: ChildBackend[] = [];
afterAll(async () => {
  for (const c of children) await c.stop();
});

/** One batch's cases: about 60 % HTTP requests, 20 % refused upgrades, 20 % frames on a taken socket. */
function batch(r: Prng, t: FuzzTarget): RawCase[] {
  return Array.from({ length: BATCH_SIZE }, () => {
    const kind = r.next();
    return kind < 0.6 ? httpCase(r, t) : kind < 0.8 ? upgradeCase(r, t) : framesCase(r, t);
  });
}

async function runAll(cases: RawCase[], ports: { app: number; teleop: number }, statuses: Map<number, number>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const status = await sendCase(cases[next++] as RawCase, ports);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Memory of the process under test: RSS, and the heap after a full collection where it can be read. */
interface Memory {
  rss: number;
  heap_used?: number;
}

/** Runs `batches` batches against `b`, checking `health` after each; resolves the readings after the first and last. */
async function fuzz(b: ChildBackend, batches: number, health: () => Promise<Memory>, statuses: Map<number, number>) {
  const ports = { app: b.port, teleop: b.teleopPort };
  const r = new Prng(SEED);
  let first: Memory | null = null;
  let last: Memory | null = null;
  for (let i = 0; i < batches; i++) {
    // A fresh first-access session each batch (a case may have logged the last one out).
    const cookie = await login(b.url, '123456', '/api/auth');
    const t: FuzzTarget = { appHost: `127.0.0.1:${b.port}`, teleopHost: `127.0.0.1:${b.teleopPort}`, cookie };
    await runAll(batch(r, t), ports, statuses);
    last = await health();
    // The first batch warms the process up (compiled code, caches): memory is compared from there.
    first ??= last;
  }
  return { first: first as Memory, last: last as Memory };
}

const mb = (n: number) => (n / 2 ** 20).toFixed(1);
const tally = (statuses: Map<number, number>) => JSON.stringify(Object.fromEntries([...statuses].sort((a, c) => a[0] - c[0])));

describe('fuzz: malformed input never ends the back end', () => {
  it('answers a seeded corpus of broken requests, upgrades and frames, and keeps serving within bounded memory', async () => {
    const b = await spawnBackend(['--control'], ['--expose-gc']);
    children.push(b);
    const health = async (): Promise<Memory> => {
      expect(b.child.exitCode, b.output()).toBeNull();
      expect((await call(b.url, 'GET', '/healthz')).status).toBe(200);
      const state = (await call(b.url, 'GET', '/control/process')).body.data as Memory & { unexpected_errors: number };
      expect(state.unexpected_errors, b.output()).toBe(0);
      expect(b.output()).not.toContain(LAST_RESORT_LOG);
      return state;
    };
    const statuses = new Map<number, number>();
    const started = performance.now();
    const { first, last } = await fuzz(b, BATCHES, health, statuses);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${BATCHES * BATCH_SIZE} cases (seed ${SEED}) in ${seconds.toFixed(1)} s; heap ${mb(first.heap_used ?? 0)} -> ${mb(last.heap_used ?? 0)} MB, ` +
        `RSS ${mb(first.rss)} -> ${mb(last.rss)} MB; answers ${tally(statuses)}`,
    );
    // Eleven more batches after the warm-up hold no more than a few MB more: nothing of a case is kept.
    expect((last.heap_used ?? 0) - (first.heap_used ?? 0)).toBeLessThan(16 * 2 ** 20);
    expect(last.rss - first.rss).toBeLessThan(96 * 2 ** 20);
    expect(seconds).toBeLessThan(60);
    // Every socket the corpus opened is closed again and no longer counted against its address or the 512.
    const open = async () => (await call(b.url, 'GET', '/control/process')).body.data.open_sockets as number;
    await until(async () => (await open()) === 0, 10_000, 100).catch(() => undefined);
    expect(await open()).toBe(0);
    // The corpus reached past the parser: answers of each kind came back.
    for (const s of [101, 400, 403, 404, 431]) expect(statuses.get(s) ?? 0, `status ${s}`).toBeGreaterThan(0);
  }, 120_000);

  it('the pass-through server in front of it takes the same corpus and keeps serving', async () => {
    const robot = await spawnBackend();
    children.push(robot);
    const proxy = await spawnBackend(['--backend', robot.url, '--robot-teleop', `ws://127.0.0.1:${robot.teleopPort}`]);
    children.push(proxy);
    const health = async (): Promise<Memory> => {
      for (const b of [proxy, robot]) {
        expect(b.child.exitCode, b.output()).toBeNull();
        expect(b.output()).not.toContain(LAST_RESORT_LOG);
      }
      expect((await call(proxy.url, 'GET', '/healthz')).status).toBe(200);
      return { rss: rssOf(proxy.child.pid as number) };
    };
    const statuses = new Map<number, number>();
    const started = performance.now();
    const { first, last } = await fuzz(proxy, PROXY_BATCHES, health, statuses);
    console.log(`fuzz (pass-through): ${PROXY_BATCHES * BATCH_SIZE} cases in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${mb(first.rss)} -> ${mb(last.rss)} MB; answers ${tally(statuses)}`);
    expect(last.rss - first.rss).toBeLessThan(96 * 2 ** 20);
    for (const s of [101, 400, 403, 431]) expect(statuses.get(s) ?? 0, `status ${s}`).toBeGreaterThan(0);
  }, 120_000);
});

/** A process's resident memory in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}
