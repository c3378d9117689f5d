/**
 * The back end under a generated corpus of malformed input (issue 40, api.md "Left running on a network"): the
 * real back end as a child process, sent a few thousand cases with a fixed seed over raw TCP on both ports
 * (HTTP requests, WebSocket upgrades, WebSocket frames after a taken upgrade). After every batch the process still
 * runs, `/healthz` answers 200, and no error reached the last-resort handler (its count on the control surface,
 * its line in the output). Its heap (after a full collection) and RSS are measured after a warm-up batch and at
 * the end, and must stay bounded. The figures are printed, and recorded in bench/README.md ("Fuzz").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LAST_RESORT_LOG } from '../../backend/http/lastResort';
import { call, login } from '../sim/helpers';
import { type ChildBackend, spawnBackend } from './fuzz/child';
import { type FuzzTarget, httpCase, type RawCase } from './fuzz/httpCases';
import { Prng } from './fuzz/prng';
import { sendCase } from './fuzz/send';
import { framesCase, upgradeCase } from './fuzz/wsCases';

const SEED = 40;
const BATCHES = 12;
const BATCH_SIZE = 400;
/** connections in flight at once (well under the 64 sockets one address may hold open) */
const PARALLEL = 24;

let backend: ChildBackend | null = null;
afterAll(async () => backend?.stop());

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

interface ProcessHealth {
  unexpected_errors: number;
  rss: number;
  heap_used: number;
}

describe('fuzz: malformed input never ends the back end', () => {
  it('answers a seeded corpus of broken requests, upgrades and frames, and keeps serving within bounded memory', async () => {
    backend = await spawnBackend(['--control'], ['--expose-gc']);
    const b = backend;
    const ports = { app: b.port, teleop: b.teleopPort };
    const health = async (): Promise<ProcessHealth> => {
      expect(b.child.exitCode, b.output()).toBeNull();
      expect((await call(b.url, 'GET', '/healthz')).status).toBe(200);
      const state = (await call(b.url, 'GET', '/control/process')).body.data as ProcessHealth;
      expect(state.unexpected_errors, b.output()).toBe(0);
      expect(b.output()).not.toContain(LAST_RESORT_LOG);
      return state;
    };
    const r = new Prng(SEED);
    const statuses = new Map<number, number>();
    const started = performance.now();
    let before: ProcessHealth | null = null;
    for (let i = 0; i < BATCHES; i++) {
      // A fresh first-access session each batch (a case may have logged the last one out).
      const cookie = await login(b.url, '123456', '/api/auth');
      const t: FuzzTarget = { appHost: `127.0.0.1:${b.port}`, teleopHost: `127.0.0.1:${b.teleopPort}`, cookie };
      await runAll(batch(r, t), ports, statuses);
      const now = await health();
      // The first batch warms the process up (compiled code, caches): memory is compared from there.
      before ??= now;
      if (i === BATCHES - 1) {
        const seconds = (performance.now() - started) / 1000;
        const mb = (n: number) => (n / 2 ** 20).toFixed(1);
        console.log(
          `fuzz: ${BATCHES * BATCH_SIZE} cases (seed ${SEED}) in ${seconds.toFixed(1)} s; heap ${mb(before.heap_used)} -> ${mb(now.heap_used)} MB, ` +
            `RSS ${mb(before.rss)} -> ${mb(now.rss)} MB; answers ${JSON.stringify(Object.fromEntries([...statuses].sort((a, c) => a[0] - c[0])))}`,
        );
        // Seven more batches after the warm-up hold no more than a few MB more: nothing of a case is kept.
        expect(now.heap_used - before.heap_used).toBeLessThan(16 * 2 ** 20);
        expect(now.rss - before.rss).toBeLessThan(96 * 2 ** 20);
        expect(seconds).toBeLessThan(60);
      }
    }
    // The corpus reached past the parser: answers of each kind came back.
    for (const s of [101, 400, 403, 404, 431]) expect(statuses.get(s) ?? 0, `status ${s}`).toBeGreaterThan(0);
  }, 120_000);
});
