/**
 * A real device on the network against the robot's own screen (issue 40): a client in a network namespace of its
 * own, joined to this machine by a veth pair in a private /30, guesses PINs until it is locked out, while the
 * robot's screen (loopback) still logs in. The back end listens on 0.0.0.0 for this file only. Needs the right
 * to make namespaces (root here); without it the tests are skipped, saying why.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestSim, type TestSim } from './helpers';

const run = promisify(execFile);
const id = `lk${process.pid % 100_000}${randomBytes(2).toString('hex')}`;
const ns = `${id}ns`;
const hostIf = `${id}a`;
const nsIf = `${id}b`;
// A /30 out of 10.200.0.0/13 chosen at random, so that helpers' tests running side by side do not collide.
const r = randomBytes(3);
const net = `10.${200 + (r[0]! % 8)}.${r[1]}.${(r[2]! % 64) * 4}`;
const hostIp = net.replace(/\.\d+$/, (m) => `.${Number(m.slice(1)) + 1}`);
const deviceIp = net.replace(/\.\d+$/, (m) => `.${Number(m.slice(1)) + 2}`);

let t: TestSim | null = null;
let unavailable: string | null = null;

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

beforeAll(async () => {
  try {
    ip('netns', 'add', ns);
  } catch (err) {
    unavailable = `ip netns is not permitted here (${String((err as { stderr?: Buffer }).stderr ?? err).trim()}): a device on the network cannot be played`;
    return;
  }
  ip('link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf);
  ip('link', 'set', nsIf, 'netns', ns);
  ip('addr', 'add', `${hostIp}/30`, 'dev', hostIf);
  ip('link', 'set', hostIf, 'up');
  ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${deviceIp}/30`, 'dev', nsIf);
  ip('netns', 'exec', ns, 'ip', 'link', 'set', nsIf, 'up');
  ip('netns', 'exec', ns, 'ip', 'link', 'set', 'lo', 'up');
  t = await startTestSim({ demo: true, host: '0.0.0.0', controlOnNetwork: true });
});

afterAll(async () => {
  await t?.close();
  if (unavailable) return;
  for (const args of [['link', 'del', hostIf], ['netns', 'del', ns]])
    try {
      ip(...args);
    } catch {
      // already gone (deleting the namespace takes its end of the pair with it)
    }
});

/** One JSON call made by the device in the namespace (curl there; asynchronous, the back end runs in this process). */
async function fromDevice(method: string, path: string, body?: unknown): Promise<{ status: number; body: { data?: { isCorrect?: boolean }; error?: { code: string } } }> {
  const url = `http://${hostIp}:${t!.sim.port}${path}`;
  const data = body === undefined ? [] : ['-H', 'content-type: application/json', '--data', JSON.stringify(body)];
  const { stdout } = await run('ip', ['netns', 'exec', ns, 'curl', '-s', '-m', '10', '-X', method, ...data, '-w', '\n%{http_code}', url]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut) || 'null') };
}

describe('a device on the network, from a namespace of its own', () => {
  it('is not the robot’s screen: the current mission needs a session from there', async (ctx) => {
    if (unavailable) return ctx.skip(unavailable);
    expect((await fromDevice('GET', '/healthz')).status).toBe(200);
    expect((await fromDevice('GET', '/api/current_mission')).status).toBe(401);
  });

  it('is locked out after 5 wrong PINs, while the robot’s own screen still logs in', async (ctx) => {
    if (unavailable) return ctx.skip(unavailable);
    for (let i = 0; i < 5; i++) expect((await fromDevice('POST', '/api/auth/login', { pin: '000000' })).body.data).toEqual({ isCorrect: false });
    const locked = await fromDevice('POST', '/api/auth/login', { pin: '123456' });
    expect([locked.status, locked.body.error?.code]).toEqual([429, 'too_many_attempts']);
    // The demo PIN at first access neither opens anything nor resets the count.
    expect((await fromDevice('POST', '/api/auth', { pin: '123456' })).status).toBe(429);
    const screen = await login(t!.base, '123456');
    expect((await call(t!.base, 'GET', '/api/destinations', undefined, screen)).status).toBe(200);
    expect((await fromDevice('POST', '/api/auth/login', { pin: '123456' })).status).toBe(429);
  });
});
