/**
 * The charging mission is its own kind (issue 34): POST api/mission/charging sends the robot to Base with no
 * activity; standing there it charges until full (or until stopped), and an ended mission says how it ended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Probe, startTestSim, type TestSim, until, wsProbe } from './helpers';

let t: TestSim;
let ws: Probe;
afterEach(async () => {
  ws?.close();
  await t?.close();
});

interface Dest {
  id: number;
  name: string;
  x: number;
  y: number;
}

async function demo(speed = 100) {
  t = await startTestSim({ demo: true, speed });
  ws = await wsProbe(t);
  const dests = (await t.call('GET', '/api/destinations')).body.data as Dest[];
  return (n: string) => dests.find((d) => d.name === n) as Dest;
}

const quick = (id: number) => ({ destination_id: id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false });
const state = async () => (await t.call('GET', '/control/state')).body.data;
const endedMissions = async () => {
  const now = new Date();
  return (await t.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions as Record<string, unknown>[];
};

describe('the charging mission', () => {
  it('goes to Base with no activity, charges there while it stands, and ends by itself when full', async () => {
    const byName = await demo(100);
    // Away from Base first: a delivery to Reception, done.
    await t.call('POST', '/api/mission/definition/quick', quick(byName('Reception').id));
    await ws.waitFor('movement/completed');
    expect((await t.call('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' })).status).toBe(200);

    await t.call('POST', '/control/battery', { charges: [0.05, 0.4] });
    const created = await t.call('POST', '/api/mission/charging');
    expect(created.status).toBe(200);
    const def = created.body.data;
    expect(def).toMatchObject({ name: '', kind: 'charging', steps: [{ destination_id: byName('Base').id, activities: [] }] });
    // Listed with its kind, so the app can leave it out of the saved missions.
    const listed = (await t.call('GET', '/api/missions/definitions')).body.data.find((d: { id: number }) => d.id === def.id);
    expect(listed.kind).toBe('charging');
    // A second press while it runs does not queue another.
    await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === def.id);
    expect((await t.call('POST', '/api/mission/charging')).body.data.id).toBe(def.id);
    expect((await state()).queue).toBe(0);

    await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === def.id);
    const base = byName('Base');
    const arrived = await state();
    expect(Math.hypot(arrived.pose.x - base.x, arrived.pose.y - base.y)).toBeLessThan(0.3);
    // It stays the current mission while the batteries charge.
    expect((await t.call('GET', '/api/current_mission')).body.data).toMatchObject({ definition_id: def.id, step_index: 0, activities: [] });
    const before = arrived.batteries[0].charge as number;
    await until(async () => ((await state()).batteries[0].charge as number) > before + 0.005);
    expect((await t.call('GET', '/api/current_mission')).body.data.definition_id).toBe(def.id);

    // Full: it ends by itself, completed.
    await t.call('POST', '/control/battery', { charges: [0.995, 0.999] });
    await until(async () => Object.keys((await t.call('GET', '/api/current_mission')).body.data).length === 0);
    expect((await endedMissions()).find((m) => m.definition_id === def.id)).toMatchObject({ status: 'completed' });
  });

  it('answers 404 no_base without a destination named Base', async () => {
    const byName = await demo(100);
    expect((await t.call('DELETE', `/api/destination/${byName('Base').id}`)).status).toBe(200);
    const r = await t.call('POST', '/api/mission/charging');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('no_base');
  });
});

describe('ended missions say how they ended (api.md outcome and reason)', () => {
  it('a stopped mission is "stopped", a failed one "failed" with its reason, a completed one neither', async () => {
    const byName = await demo(100);
    const stopped = (await t.call('POST', '/api/mission/definition/quick', quick(byName('Lab').id))).body.data;
    await ws.waitFor('movement/started');
    expect((await t.call('PUT', '/api/current_mission/cancel')).status).toBe(200);

    await t.call('POST', '/control/fail-next-mission');
    const failed = (await t.call('POST', '/api/mission/definition/quick', quick(byName('Lab').id))).body.data;
    await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === failed.id);

    const done = (await t.call('POST', '/api/mission/definition/quick', quick(byName('Reception').id))).body.data;
    await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === done.id);
    await t.call('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' });

    const ended = await endedMissions();
    expect(ended.find((m) => m.definition_id === stopped.id)).toMatchObject({ status: 'uncompleted', outcome: 'stopped' });
    expect(ended.find((m) => m.definition_id === stopped.id)).not.toHaveProperty('reason');
    expect(ended.find((m) => m.definition_id === failed.id)).toMatchObject({ status: 'uncompleted', outcome: 'failed', reason: 'path blocked' });
    const completed = ended.find((m) => m.definition_id === done.id);
    expect(completed).toMatchObject({ status: 'completed' });
    expect(completed).not.toHaveProperty('outcome');
  });
});
