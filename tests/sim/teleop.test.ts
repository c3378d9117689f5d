/** The teleop socket: mode status and switching, manual driving with a dead-man stop, joint states. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Probe, startTestSim, type TestSim, teleopProbe, until } from './helpers';

let t: TestSim;
let a: Probe;
let b: Probe;
beforeAll(async () => {
  t = await startTestSim({ demo: true, speed: 1 });
  a = await teleopProbe(t);
  b = await teleopProbe(t);
});
afterAll(async () => {
  a.close();
  b.close();
  await t.close();
});

const pose = async () => (await t.call('GET', '/control/state')).body.data.pose as { x: number; y: number; orientation: number };

describe('teleop socket', () => {
  it('answers the mode and tells every client about a switch', async () => {
    a.send({ client_id: 'a', op: 'manual_mode_status' });
    expect(await a.waitFor('manual_mode_status')).toEqual({ op: 'manual_mode_status', payload: { actual_mode: { mode: 'NORMAL' } } });
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'MANUAL' });
    expect(await b.waitFor('manual_mode')).toEqual({ op: 'manual_mode', payload: { actual_mode: { mode: 'MANUAL' } } });
    await a.waitFor('manual_mode');
  });

  it('drives in manual mode and stops 500 ms after the last command', async () => {
    const start = await pose();
    const drive = setInterval(() => a.send({ client_id: 'a', op: 'move', lvx: 0.5, lvy: 0, avz: 0 }), 100);
    await new Promise((r) => setTimeout(r, 600));
    a.send({ client_id: 'a', op: 'read_joints' });
    const joints = await a.waitFor('joints');
    clearInterval(drive);
    const moved = await pose();
    expect(moved.x - start.x).toBeGreaterThan(0.1);
    const p = (joints as unknown as { payload: { name: string[]; position: number[]; velocity: number[] } }).payload;
    expect(p.name).toHaveLength(8);
    expect(p.position).toHaveLength(8);
    expect(p.velocity[1]).toBeCloseTo(5); // 0.5 m/s on a 0.1 m wheel
    expect(p.position[0]).toBeCloseTo(0); // driving straight
    // The dead-man timeout stops the robot; it then stays put.
    await until(async () => (await t.call('GET', '/control/state')).body.data.twist.vx === 0, 2000);
    const stopped = await pose();
    await new Promise((r) => setTimeout(r, 300));
    expect(await pose()).toEqual(stopped);
  });

  it('ignores moves in normal mode and malformed frames', async () => {
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'NORMAL' });
    await until(() => a.frames.filter((f) => (f as unknown as { op: string }).op === 'manual_mode').length >= 2);
    const before = await pose();
    a.send({ client_id: 'a', op: 'move', lvx: 1, lvy: 0, avz: 0 });
    a.ws.send('not json');
    a.send({ client_id: 'a', op: 'move', lvx: 3, lvy: 0, avz: 0 });
    a.send({ op: 'read_joints' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await pose()).toEqual(before);
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'MANUAL' });
    a.send({ client_id: 'a', op: 'move', lvx: 0, lvy: 0, avz: 2 });
    await new Promise((r) => setTimeout(r, 200));
    expect((await pose()).orientation).toBeCloseTo(before.orientation, 5);
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'NORMAL' });
  });

  it('will not drive through a wall', async () => {
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'MANUAL' });
    // Base faces east with the west wall 1 m behind it: reverse at 1 m/s for longer than the 0.65 m of room.
    const drive = setInterval(() => a.send({ client_id: 'a', op: 'move', lvx: -1, lvy: 0, avz: 0 }), 100);
    await new Promise((r) => setTimeout(r, 1500));
    clearInterval(drive);
    const p = await pose();
    // Wall face at x = -1.0 in the map frame; the body (0.35 m) must stay clear of it.
    expect(p.x).toBeGreaterThan(-1.0 + 0.35 - 0.01);
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'NORMAL' });
  });
});
