/**
 * The back end against the RobotDriver interface alone: a fake driver records every command and the test
 * plays the robot's side through DriverEvents. Whatever a driver is, this is what the back end does with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Grid, type Pose } from '../../backend/grid';
import type { Battery, DriverEvents, JointStates, RobotDriver, Twist } from '../../backend/robots/driver';
import { type Backend, startBackendWith } from '../../backend/server';
import { DEAD_MAN_MS } from '../../backend/world';
import { call, Probe, sessionCookie, until } from '../sim/helpers';

/** A robot that only remembers what it was told. */
class FakeDriver implements RobotDriver {
  connected = true;
  calls: { op: string; arg?: unknown }[] = [];
  here: Pose = { x: 0, y: 0, orientation: 0 };
  live: Grid | null = null;
  charges: Battery[] = [{ charge: 0.5, health: 1 }];
  dock: Pose | null = null;
  constructor(readonly events: DriverEvents) {}
  pose = () => this.here;
  map = () => this.live;
  batteries = () => this.charges;
  joints = (): JointStates => ({ name: ['j'], position: [1], velocity: [0] });
  goTo = (goal: Pose) => void this.calls.push({ op: 'goTo', arg: goal });
  cancel = () => void this.calls.push({ op: 'cancel' });
  velocity = (t: Twist) => void this.calls.push({ op: 'velocity', arg: t });
  setPose = (p: Pose) => void this.calls.push({ op: 'setPose', arg: p });
  followMe = (on: boolean) => void this.calls.push({ op: 'followMe', arg: on });
  startMapping = () => {
    this.calls.push({ op: 'startMapping' });
    this.live = new Grid(4, 2, 0.5, { x: 1, y: 2 }, 254);
  };
  stopMapping = () => {
    this.calls.push({ op: 'stopMapping' });
    const g = this.live;
    this.live = null;
    return g;
  };
  home = () => this.dock;
  close = async () => void this.calls.push({ op: 'close' });
  ops = () => this.calls.map((c) => c.op);
}

let dir: string;
let backend: Backend;
let fake: FakeDriver;
let ws: Probe;
const api = (method: string, path: string, body?: unknown) => call(backend.url, method, path, body, sessionCookie(backend));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'driver-if-'));
  backend = await startBackendWith({ port: 0, teleopPort: 0, dbPath: join(dir, 'robot.db'), reset: true, speed: 50, staticDir: join(dir, 'none') }, (events) => {
    fake = new FakeDriver(events);
    return fake;
  });
  ws = new Probe(backend.url.replace(/^http/, 'ws') + '/ws');
  await ws.opened;
});

afterEach(async () => {
  ws.close();
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

async function queueMission(x: number, y: number, orientation: number): Promise<number> {
  const d = (await api('POST', '/api/destination', { name: `D${x}`, x, y, orientation, resolution: 0.05 })).body.data;
  const q = { destination_id: d.id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false };
  return (await api('POST', '/api/mission/definition/quick', q)).body.data.id as number;
}

const movements = () => ws.frames.filter((f) => f.event.startsWith('movement/')).map((f) => f.event);
const goTo = () => until(() => fake.calls.find((c) => c.op === 'goTo'), 5_000);

describe('the back end through the driver interface', () => {
  it('a mission: goTo the destination, events from navigation, distance from moved, then home', async () => {
    fake.dock = { x: -1, y: 0, orientation: 180 };
    const id = await queueMission(2, 3, 90);
    expect((await goTo()).arg).toEqual({ x: 2, y: 3, orientation: 90 });
    expect(movements()).toEqual(['movement/ready']);
    fake.events.navigation('started');
    fake.events.moved(1.5);
    fake.events.moved(2);
    fake.events.navigation('arrived');
    await ws.waitFor('movement/completed');
    expect(movements()).toEqual(['movement/ready', 'movement/started', 'movement/arriving', 'movement/completed']);
    expect((await api('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' })).status).toBe(200);
    const now = new Date();
    const ended = (await api('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
    expect(ended.find((m: { definition_id: number }) => m.definition_id === id)).toMatchObject({ status: 'completed', distance: 3.5 });
    expect(fake.calls.filter((c) => c.op === 'goTo').map((c) => c.arg)).toEqual([
      { x: 2, y: 3, orientation: 90 },
      { x: -1, y: 0, orientation: 180 },
    ]);
  });

  it('pause cancels, resume sends the goal again (one movement/started), a failure ends the mission', async () => {
    await queueMission(1, 1, 0);
    await goTo();
    fake.events.navigation('started');
    await api('PUT', '/api/current_mission/pause', {});
    expect(fake.ops().slice(-1)).toEqual(['cancel']);
    await api('PUT', '/api/current_mission/resume', {});
    expect(fake.ops().filter((o) => o === 'goTo')).toHaveLength(2);
    fake.events.navigation('started');
    fake.events.navigation('failed');
    await ws.waitFor('movement/failed');
    expect(movements()).toEqual(['movement/ready', 'movement/started', 'movement/failed']);
    expect((await api('GET', '/api/current_mission')).body.data).toEqual({});
  });

  it('a disconnected robot holds queued missions until it is back', async () => {
    fake.connected = false;
    fake.events.connection(false);
    await ws.waitFor('robot/disconnected');
    await queueMission(1, 1, 0);
    await new Promise((r) => setTimeout(r, 400)); // 20 s of the back end's time at speed 50
    expect(movements()).toEqual([]);
    fake.connected = true;
    fake.events.connection(true);
    await ws.waitFor('movement/ready');
  });

  it('relocalisation, and teleop velocity in manual mode only with a zero after the dead-man delay', async () => {
    await api('POST', '/api/position', { x: 4, y: 5, orientation: -90 });
    expect(fake.calls.find((c) => c.op === 'setPose')?.arg).toEqual({ x: 4, y: 5, orientation: -90 });
    const tp = new Probe(`ws://127.0.0.1:${backend.teleopPort}`, sessionCookie(backend));
    await tp.opened;
    tp.send({ client_id: 'c', op: 'move', lvx: 0.5, lvy: 0, avz: 0 });
    tp.send({ client_id: 'c', op: 'read_joints' });
    expect((await tp.waitFor('joints')) as unknown).toMatchObject({ payload: { name: ['j'], position: [1], velocity: [0] } });
    expect(fake.ops()).not.toContain('velocity');
    tp.send({ client_id: 'c', op: 'manual_mode', mode: 'MANUAL' });
    await tp.waitFor('manual_mode');
    const from = fake.calls.length;
    tp.send({ client_id: 'c', op: 'move', lvx: 0.5, lvy: 0.25, avz: -1 });
    await until(() => fake.calls.slice(from).find((c) => c.op === 'velocity'), 2_000);
    const sentAt = Date.now();
    expect(fake.calls.slice(from).find((c) => c.op === 'velocity')?.arg).toEqual({ vx: 0.5, vy: 0.25, wz: -1 });
    await until(() => fake.calls.slice(from).filter((c) => c.op === 'velocity').length === 2, 2_000, 5);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(DEAD_MAN_MS - 50);
    expect(fake.calls.slice(from).filter((c) => c.op === 'velocity')[1]?.arg).toEqual({ vx: 0, vy: 0, wz: 0 });
    tp.close();
  });

  it('batteries, alerts and following become their /ws events', async () => {
    fake.charges = [
      { charge: 0.9, health: 1 },
      { charge: 0.05, health: 0.8 },
    ];
    fake.events.batteries();
    expect((await ws.waitFor('robot/alert_update', (f) => f.data.activated_warnings.length > 0)).data.activated_warnings).toEqual(['battery_2_low']);
    expect((await ws.waitFor('robot/battery_state', (f) => f.data.batteries.length === 2)).data.batteries[1]).toEqual({ charge: 0.05, health: 0.8 });
    const from = ws.frames.length;
    fake.events.alerts({ activate: { errors: ['node_lost'] } });
    fake.events.alerts({ activate: { errors: ['node_lost'] } });
    fake.events.following(true);
    fake.events.following(false);
    await ws.waitFor('robot/lostFollowedUser', () => true, 2_000, from);
    const seen = ws.frames.slice(from).map((f) => f.event);
    expect(seen.filter((e) => e === 'robot/alert_update')).toHaveLength(1);
    expect(seen.filter((e) => e.includes('ollow'))).toEqual(['robot/userFollowed', 'robot/lostFollowedUser']);
  });

  it('mapping: switches, updates while on, and the finished map stored', async () => {
    expect((await api('POST', '/api/mapping/start', {})).status).toBe(200);
    expect(fake.ops()).toContain('startMapping');
    fake.events.map();
    const update = await ws.waitFor('mapping/mapUpdate');
    expect(update.data).toMatchObject({ origin: { x: 1, y: 2 }, resolution: 0.5, robot: { x: 0, y: 0, orientation: 0 } });
    expect((await api('POST', '/api/mapping/start', {})).status).toBe(200);
    expect(fake.ops().filter((o) => o === 'startMapping')).toHaveLength(1);
    expect((await api('POST', '/api/mapping/stop', {})).status).toBe(200);
    expect((await api('POST', '/api/mapping/stop', {})).status).toBe(409);
    const map = (await api('GET', '/api/map/latest')).body.data;
    const png = decode(Buffer.from(map.image, 'base64'));
    expect([png.width, png.height, png.data[0]]).toEqual([4, 2, 254]);
    expect((await api('POST', '/api/follow-me/start', {})).status).toBe(200);
    expect((await api('POST', '/api/follow-me/stop', {})).status).toBe(200);
    expect(fake.calls.filter((c) => c.op === 'followMe').map((c) => c.arg)).toEqual([true, false]);
  });

  it('closing the back end closes the driver', async () => {
    await backend.close();
    expect(fake.ops()).toContain('close');
  });
});
