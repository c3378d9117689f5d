/** Mapping by following: the person is found and followed, the map grows, stopping stores it. */
import { decode } from 'fast-png';
import { afterEach, describe, expect, it } from 'vitest';
import { type Probe, startTestSim, type TestSim, until, wsProbe } from './helpers';

let t: TestSim;
let ws: Probe;
afterEach(async () => {
  ws?.close();
  await t?.close();
});

/** Pixels of a map image that are not unknown grey. */
function known(image: string): number {
  const png = decode(Buffer.from(image, 'base64'));
  expect(png.channels).toBe(1);
  let n = 0;
  for (let i = 0; i < png.data.length; i++) if (png.data[i] !== 128) n++;
  return n;
}

describe('mapping', () => {
  it('makes "Base" at the dock when the first map starts, once, and not when a Base exists or a map does', async () => {
    t = await startTestSim({ speed: 20, reset: true });
    expect((await t.call('GET', '/api/destinations')).body.data).toEqual([]);
    expect((await t.call('POST', '/api/mapping/start')).status).toBe(200);
    const dests = (await t.call('GET', '/api/destinations')).body.data as { name: string; x: number; y: number; orientation: number }[];
    expect(dests).toHaveLength(1);
    expect(dests[0]).toMatchObject({ name: 'Base', x: 0, y: 0, orientation: 0 });
    expect((await t.call('POST', '/api/mapping/stop')).status).toBe(200);
    // A map exists now: starting again (extending it) makes no second Base, even with the first deleted.
    const id = ((await t.call('GET', '/api/destinations')).body.data as { id: number }[])[0]!.id;
    expect((await t.call('DELETE', `/api/destination/${id}`)).status).toBe(200);
    expect((await t.call('POST', '/api/mapping/start')).status).toBe(200);
    expect((await t.call('GET', '/api/destinations')).body.data).toEqual([]);
  });

  it('follows the person, grows the map, and stores it on stop', async () => {
    t = await startTestSim({ speed: 20, reset: true });
    ws = await wsProbe(t);
    expect((await t.call('GET', '/api/map/latest')).body).toEqual({ data: {} });
    expect((await t.call('POST', '/api/mapping/stop')).status).toBe(409);
    expect((await t.call('POST', '/api/mapping/start')).body).toEqual({ data: {} });
    expect((await t.call('POST', '/api/follow-me/start')).body).toEqual({ data: {} });
    await ws.waitFor('robot/userFollowed');

    const first = await ws.waitFor('mapping/mapUpdate');
    expect(first.data).toMatchObject({ origin: { x: -1.2, y: -2 }, resolution: 0.05, robot: { x: 0, y: 0 } });
    const k0 = known(first.data.image);
    expect(k0).toBeGreaterThan(1000);
    // Let the robot walk behind the person for a while (20x: a few simulated minutes).
    await until(async () => {
      const s = (await t.call('GET', '/control/state')).body.data;
      return Math.hypot(s.pose.x, s.pose.y) > 8 && ws.events().filter((e) => e === 'mapping/mapUpdate').length > 3;
    }, 30_000);
    const updates = ws.frames.filter((f) => f.event === 'mapping/mapUpdate');
    const last = updates[updates.length - 1]!;
    expect(updates.length).toBeGreaterThan(3);
    expect(known(last.data.image)).toBeGreaterThan(k0 * 1.2);
    // The live map is what map/latest answers while mapping.
    expect(known((await t.call('GET', '/api/map/latest')).body.data.image)).toBeGreaterThanOrEqual(known(last.data.image));

    expect((await t.call('POST', '/api/follow-me/stop')).body).toEqual({ data: {} });
    expect((await t.call('POST', '/api/mapping/stop')).body).toEqual({ data: {} });
    expect((await t.call('POST', '/api/follow-me/stop')).status).toBe(409);
    const stored = (await t.call('GET', '/api/map/latest')).body.data;
    expect(known(stored.image)).toBeGreaterThanOrEqual(known(last.data.image));
    expect(stored.robot).toEqual((await t.call('GET', '/control/state')).body.data.pose);
  });

  it('reports losing and finding the person', async () => {
    t = await startTestSim({ speed: 20, reset: true });
    ws = await wsProbe(t);
    expect((await t.call('POST', '/control/follow', { found: false })).status).toBe(409);
    await t.call('POST', '/api/mapping/start');
    await t.call('POST', '/api/follow-me/start');
    await ws.waitFor('robot/userFollowed');
    await t.call('POST', '/control/follow', { found: false });
    await ws.waitFor('robot/lostFollowedUser');
    await t.call('POST', '/control/follow', { found: true });
    const from = ws.events().indexOf('robot/lostFollowedUser');
    await ws.waitFor('robot/userFollowed', () => true, 10_000, from);
    expect(ws.events().slice(from).includes('robot/userFollowed')).toBe(true);
  });

  it('refuses to map while a mission runs, and missions wait while mapping', async () => {
    t = await startTestSim({ speed: 50, demo: true });
    ws = await wsProbe(t);
    await t.call('POST', '/api/mapping/start');
    const quick = { destination_id: 2, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false };
    await t.call('POST', '/api/mission/definition/quick', quick);
    await new Promise((r) => setTimeout(r, 200));
    expect(ws.events()).not.toContain('movement/ready');
    await t.call('POST', '/api/mapping/stop');
    await ws.waitFor('movement/ready');
    expect((await t.call('POST', '/api/mapping/start')).status).toBe(409);
    expect((await t.call('POST', '/api/follow-me/start')).status).toBe(409);
  });
});
