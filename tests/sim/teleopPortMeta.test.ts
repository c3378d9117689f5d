/**
 * The page learns where the teleoperation socket is from the server that served it (issue 42): index.html carries
 * `<meta name="kiosk-teleop-port">` with the simulator's own port (`--teleop-port`), and the pass-through server's
 * own one (not the robot's); other files are served as they are.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../backend/proxy';
import { startTestSim } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'teleop-meta-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dist = join(dir, 'dist');
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>kiosk</title></head><body></body></html>');
writeFileSync(join(dist, 'other.html'), '<!doctype html><html><head></head></html>');

const meta = (port: number) => `<head><meta name="kiosk-teleop-port" content="${port}"><meta charset="UTF-8">`;

describe('the teleop port in index.html', () => {
  it('names the simulator teleop port, first in the head, for every page path; other files unchanged', async () => {
    const t = await startTestSim({ staticDir: dist, teleopPort: 0 });
    try {
      expect(t.sim.teleopPort).not.toBe(9191);
      for (const path of ['/', '/control', '/index.html', '/joints?x=1']) {
        const r = await fetch(`${t.base}${path}`);
        const html = await r.text();
        expect(html).toContain(meta(t.sim.teleopPort));
        expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(html));
        expect(r.headers.get('content-type')).toContain('text/html');
      }
      const head = await fetch(`${t.base}/`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await (await fetch(`${t.base}/other.html`)).text()).not.toContain('kiosk-teleop-port');
    } finally {
      await t.close();
    }
  });

  it("the pass-through server names its own teleop port, not the robot's", async () => {
    const robot = await startTestSim({ staticDir: dist, teleopPort: 0 });
    const proxy = await startProxy({ backend: robot.base, teleop: `ws://127.0.0.1:${robot.sim.teleopPort}`, port: 0, teleopPort: 0, staticDir: dist });
    try {
      expect(proxy.teleopPort).not.toBe(robot.sim.teleopPort);
      const html = await (await fetch(`${proxy.url}/missions`)).text();
      expect(html).toContain(meta(proxy.teleopPort));
      expect(html).not.toContain(`content="${robot.sim.teleopPort}"`);
    } finally {
      await proxy.close();
      await robot.close();
    }
  });
});
