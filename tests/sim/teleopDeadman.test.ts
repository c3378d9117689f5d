/**
 * The teleop dead-man stop, timed: a robot told to move keeps moving while commands keep coming, and stops by
 * itself about 500 ms (real time) after the last one, whatever SIM_SPEED is, and only then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_MAN_MS } from '../../backend/world';
import { type Probe, startTestSim, type TestSim, teleopProbe, until } from './helpers';

let t: TestSim;
let p: Probe;
beforeAll(async () => {
  t = await startTestSim({ demo: true, speed: 5 });
  p = await teleopProbe(t);
  p.send({ client_id: 'deadman', op: 'manual_mode', mode: 'MANUAL' });
  await p.waitFor('manual_mode');
});
afterAll(async () => {
  p.close();
  await t.close();
});

const twist = async () => (await t.call('GET', '/control/state')).body.data.twist as { vx: number; vy: number; wz: number };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('teleop dead-man stop', () => {
  it('keeps a streamed command going, then stops 500 ms after the last one, not before', async () => {
    // A rotation on the spot: no wall can stop it first.
    // The dead-man time counts from the last move sent, which can be up to one interval before the stream stops.
    let lastSent = 0;
    const drive = setInterval(() => {
      p.send({ client_id: 'deadman', op: 'move', lvx: 0, lvy: 0, avz: 0.5 });
      lastSent = Date.now();
    }, 100);
    await sleep(1_200); // more than twice the timeout: only the stream keeps it turning
    expect((await twist()).wz).toBeCloseTo(0.5);
    clearInterval(drive);
    const last = lastSent;
    await sleep(250);
    expect((await twist()).wz, 'still turning halfway through the timeout').toBeCloseTo(0.5);
    await until(async () => (await twist()).wz === 0, 2_000, 10);
    const stoppedAfter = Date.now() - last;
    expect(stoppedAfter).toBeGreaterThanOrEqual(DEAD_MAN_MS - 50);
    expect(stoppedAfter).toBeLessThan(DEAD_MAN_MS + 400);
  });

  it('a zero move stops the robot at once, without waiting for the timeout', async () => {
    p.send({ client_id: 'deadman', op: 'move', lvx: 0, lvy: 0, avz: 0.5 });
    await until(async () => (await twist()).wz !== 0, 1_000, 10);
    const sent = Date.now();
    p.send({ client_id: 'deadman', op: 'move', lvx: 0, lvy: 0, avz: 0 });
    await until(async () => (await twist()).wz === 0, 1_000, 10);
    expect(Date.now() - sent).toBeLessThan(250);
  });
});
