/**
 * Problem reports left running on a network (api.md): a full disk answers 507 and keeps nothing, a line longer
 * than the cap is refused while it streams in, and at most 2 uploads are received at once (503 `busy`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES } from '../../backend/problemReportIntake';
import { startTestSim, type TestSim, until } from './helpers';

const header = (note: string) => `${JSON.stringify({ format: 'kiosk-event-log', version: 1, clip: { from: 1, to: 2 }, snapshot: {}, report: { note, at: '2026-11-28T10:00:00Z' } })}\n`;
const tick = (pad: number) => `${JSON.stringify({ type: 'tick', at: 3, pad: 'x'.repeat(pad) })}\n`;

async function post(t: TestSim, body: string | Uint8Array<ArrayBuffer>) {
  const res = await fetch(`${t.base}/api/reports`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson', cookie: t.cookie }, body });
  return { status: res.status, body: (await res.json()) as { data?: { id: number }; error?: { code: string; message: string } } };
}

/** Whether this machine lets the test mount a small tmpfs (root in a container may not). */
function canMount(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

let t: TestSim | null = null;
let mounted: string | null = null;
afterEach(async () => {
  // The tmpfs is unmounted before the test's folder is removed (removing a mount point fails).
  if (mounted) {
    await t?.sim.close();
    execFileSync('umount', [mounted], { stdio: 'ignore' });
    mounted = null;
  }
  await t?.close();
  t = null;
});

describe('a full disk', () => {
  // A real full disk: the reports folder is a 2 MB tmpfs (needs mount rights: root outside a locked container).
  it.skipIf(!canMount())('answers 507 insufficient_storage, leaves nothing half-written, and goes on serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-full-'));
    const reports = join(dir, 'reports');
    mkdirSync(reports);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', reports]);
    mounted = reports;
    t = await startTestSim({}, dir);
    const big = header('does not fit') + tick(1000).repeat(3_000);
    const full = await post(t, big);
    expect(full).toMatchObject({ status: 507, body: { error: { code: 'insufficient_storage', message: expect.stringMatching(/disk is full/) } } });
    expect(readdirSync(reports)).toEqual([]);
    expect((await t.call('GET', '/api/reports')).body.data).toEqual([]);
    // The process is alive and a report that fits is still taken.
    expect((await t.call('GET', '/healthz')).status).toBe(200);
    const small = await post(t, header('fits') + tick(10));
    expect(small.status).toBe(200);
    expect(readdirSync(reports)).toEqual([`${small.body.data!.id}.jsonl`]);
  });
});

describe('lines as a stream', () => {
  it('refuses a line longer than the cap with 413 while it streams, and keeps nothing', async () => {
    t = await startTestSim();
    // One line of MAX_LINE_BYTES + 1 MB with no newline in it (under the 64 MB clip bound).
    const long = Buffer.alloc(MAX_LINE_BYTES + 1_000_000, 0x61);
    const a = await post(t, new Uint8Array(Buffer.concat([Buffer.from(header('long line') + '{"pad":"'), long])));
    expect(a).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large', message: expect.stringMatching(/line 2 is longer than \d+ bytes/) } } });
    expect(readdirSync(join(t.dir, 'reports'))).toEqual([]);
    expect((await post(t, header('after it') + tick(10))).status).toBe(200);
  });
});

describe('a client that hangs up mid-upload', () => {
  it('leaves nothing behind and the back end goes on', async () => {
    t = await startTestSim();
    const sim = t;
    const url = new URL(`${sim.base}/api/reports`);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-ndjson', cookie: sim.cookie } });
    req.on('error', () => undefined);
    req.write(header('cut off') + tick(100));
    await until(() => readdirSync(join(sim.dir, 'reports')).some((n) => n.startsWith('.upload-')));
    req.destroy();
    await until(() => readdirSync(join(sim.dir, 'reports')).length === 0);
    expect((await sim.call('GET', '/api/reports')).body.data).toEqual([]);
    expect((await post(sim, header('after it') + tick(10))).status).toBe(200);
  });
});

describe('uploads at once', () => {
  it('receives at most 2 at a time: a third is answered 503 busy, the two finish', async () => {
    t = await startTestSim();
    const sim = t;
    const url = new URL(`${sim.base}/api/reports`);
    // Two slow uploads: their header sent, the rest held back until the third has been refused.
    const slow = [0, 1].map((i) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-ndjson', cookie: sim.cookie } });
      const answer = new Promise<{ status: number; body: string }>((ok, fail) => {
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', fail);
      });
      req.write(header(`slow ${i}`));
      return { req, answer };
    });
    await until(() => readdirSync(join(sim.dir, 'reports')).filter((n) => n.startsWith('.upload-')).length === 2);
    const third = await post(sim, header('third') + tick(10));
    expect(third).toMatchObject({ status: 503, body: { error: { code: 'busy' } } });
    for (const s of slow) s.req.end(tick(10));
    const done = await Promise.all(slow.map((s) => s.answer));
    expect(done.map((d) => d.status)).toEqual([200, 200]);
    expect((await post(sim, header('fourth') + tick(10))).status).toBe(200);
    expect((await sim.call('GET', '/api/reports')).body.data.map((r: { note: string }) => r.note).sort()).toEqual(['fourth', 'slow 0', 'slow 1']);
  });
});
