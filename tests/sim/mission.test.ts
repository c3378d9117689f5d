/** A full mission from definition to ended mission at high SIM_SPEED, plus pause, resume, cancel and failures. */
import { afterEach, describe, expect, it } from 'vitest';
import { type Probe, startTestSim, type TestSim, until, wsProbe } from './helpers';

let t: TestSim;
let ws: Probe;
afterEach(async () => {
  ws?.close();
  await t?.close();
});

async function demo(speed = 100) {
  t = await startTestSim({ demo: true, speed });
  ws = await wsProbe(t);
  const dests = (await t.call('GET', '/api/destinations')).body.data as { id: number; name: string; x: number; y: number }[];
  const byName = (n: string) => dests.find((d) => d.name === n) as { id: number; x: number; y: number };
  return byName;
}

const activity = (recipients: number[] | 0 = [1]) => ({
  activity_id: 1,
  recipients,
  message: 'hello',
  message_read_required: true,
  load_location_left: [['box A'], []],
  load_location_right: [[], [], []],
});

describe('missions', () => {
  it('refuses an activity report before the robot has arrived (409)', async () => {
    // At real speed the departure alone lasts 10 s, so the report surely comes before the arrival: at high
    // speed the robot could already be there when a loaded machine sends it.
    const byName = await demo(1);
    const steps = [{ destination_id: byName('Reception').id, activities: [activity()] }];
    const def = (await t.call('POST', '/api/mission/definition/path', { name: 'Early', steps })).body.data;
    await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === def.id);
    expect((await t.call('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' })).status).toBe(409);
    expect((await t.call('PUT', '/api/current_mission/step/0/activity/0/status', { message: 'read' })).status).toBe(409);
  });

  it('runs a path mission end to end and records it', async () => {
    const byName = await demo(100);
    const steps = ['Reception', 'Lab'].map((n) => ({ destination_id: byName(n).id, activities: [activity(), activity(0)] }));
    const created = await t.call('POST', '/api/mission/definition/path', { name: 'Mission 07', steps });
    expect(created.status).toBe(200);
    const def = created.body.data;
    expect(def).toMatchObject({ name: 'Mission 07', steps: [{ destination_id: byName('Reception').id }, {}] });
    expect(def.steps[1].activities[1]).toMatchObject({ idx: 1, recipients: [] });

    const ready = await ws.waitFor('movement/ready');
    expect(ready.data).toEqual({ mission_definition_id: def.id, step_index: 0, duration: 10 });
    const current = (await t.call('GET', '/api/current_mission')).body.data;
    expect(current).toMatchObject({ definition_id: def.id, status: 'running', step_index: 0 });
    expect(current.activities).toEqual([
      { step: 0, idx: 0, status: 'pending' },
      { step: 0, idx: 1, status: 'pending' },
      { step: 1, idx: 0, status: 'pending' },
      { step: 1, idx: 1, status: 'pending' },
    ]);

    for (const step of [0, 1]) {
      await ws.waitFor('movement/completed', (f) => f.data.step_index === step);
      const order = ws.frames.filter((f) => f.event.startsWith('movement/') && f.data.step_index === step).map((f) => f.event);
      expect(order).toEqual(['movement/ready', 'movement/started', 'movement/arriving', 'movement/completed']);
      const state = (await t.call('GET', '/control/state')).body.data;
      const goal = byName(step === 0 ? 'Reception' : 'Lab');
      expect(Math.hypot(state.pose.x - goal.x, state.pose.y - goal.y)).toBeLessThan(0.1);
      const path = `/api/current_mission/step/${step}/activity`;
      expect((await t.call('PUT', `${path}/0/status`, { message: 'read' })).status).toBe(200);
      expect((await t.call('PUT', `${path}/0/status`, { delivered: [{ side: 'left', shelf: 0, item: 'box A' }] })).status).toBe(200);
      expect((await t.call('PUT', `${path}/0/status`, { status: 'completed' })).status).toBe(200);
      expect((await t.call('PUT', `${path}/7/status`, { status: 'completed' })).status).toBe(404);
      expect((await t.call('PUT', `${path}/1/status`, { status: 'done' })).status).toBe(400);
      expect((await t.call('PUT', `${path}/1/status`, { status: 'completed' })).status).toBe(200);
    }
    expect((await t.call('GET', '/api/current_mission')).body.data).toEqual({});

    const now = new Date();
    const ended = (await t.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
    const mine = ended.find((m: { definition_id: number }) => m.definition_id === def.id);
    expect(mine).toMatchObject({ status: 'completed', steps: [{ destination_id: byName('Reception').id }, { destination_id: byName('Lab').id }] });
    expect(mine.distance).toBeGreaterThan(20); // Base -> Reception -> Lab is about 28 m of corridor
    expect(Date.parse(mine.ended_at) - Date.parse(mine.started_at)).toBeGreaterThan(30_000);
    expect(mine.steps[1].activities.every((a: { status: string; performed_at: string }) => a.status === 'completed' && a.performed_at)).toBe(true);

    // Then it drives home, and the day's distance grew.
    await until(async () => (await t.call('GET', '/control/state')).body.data.mission_phase === 'idle');
    const pose = (await t.call('GET', '/control/state')).body.data.pose;
    expect(Math.hypot(pose.x, pose.y)).toBeLessThan(0.1);
    const day = new Date(Date.parse((await t.call('GET', '/control/state')).body.data.sim_time));
    const dist = (await t.call('GET', `/api/diagnostics/distance/year/${day.getUTCFullYear()}/month/${day.getUTCMonth() + 1}`)).body.data;
    expect(dist.find((d: { day: number }) => d.day === day.getUTCDate()).distance).toBeGreaterThan(40);
    expect((await t.call('GET', '/api/destinations/recents')).body.data[0].id).toBeOneOf([byName('Reception').id, byName('Lab').id]);
  });

  it('pauses, resumes and cancels; cancel records an uncompleted mission and goes home', async () => {
    const byName = await demo(50);
    expect((await t.call('PUT', '/api/current_mission/pause')).status).toBe(409);
    const q = await t.call('POST', '/api/mission/definition/quick', {
      destination_id: byName('Office C').id,
      activity_id: 2,
      recipient_id: 1,
      load_location_left: [],
      load_location_right: [],
      message: '',
      message_read_required: false,
    });
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({ name: '', steps: [{ activities: [{ idx: 0, activity_id: 2, recipients: [1] }] }] });
    await ws.waitFor('movement/started');
    expect((await t.call('PUT', '/api/current_mission/pause')).status).toBe(200);
    expect((await t.call('GET', '/api/current_mission')).body.data.status).toBe('paused');
    const a = (await t.call('GET', '/control/state')).body.data.pose;
    await new Promise((r) => setTimeout(r, 150));
    const b = (await t.call('GET', '/control/state')).body.data.pose;
    expect(b).toEqual(a);
    expect((await t.call('PUT', '/api/current_mission/resume')).status).toBe(200);
    await until(async () => (await t.call('GET', '/control/state')).body.data.pose.x !== b.x);
    expect((await t.call('PUT', '/api/current_mission/cancel')).status).toBe(200);
    expect((await t.call('GET', '/api/current_mission')).body.data).toEqual({});
    expect((await t.call('PUT', '/api/current_mission/cancel')).status).toBe(409);
    const now = new Date();
    const ended = (await t.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
    expect(ended.find((m: { definition_id: number }) => m.definition_id === q.body.data.id)).toMatchObject({ status: 'uncompleted' });
    expect((await t.call('GET', '/control/state')).body.data.mission_phase).toBe('returning');
  });

  it('queues a second mission behind the first', async () => {
    const byName = await demo(100);
    const quick = (id: number) => ({ destination_id: id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false });
    const first = (await t.call('POST', '/api/mission/definition/quick', quick(byName('Reception').id))).body.data;
    const second = (await t.call('POST', '/api/mission/definition/quick', quick(byName('Lab').id))).body.data;
    await ws.waitFor('movement/completed');
    await t.call('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' });
    const ready = await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === second.id);
    expect(ready.data.step_index).toBe(0);
    expect(first.id).not.toBe(second.id);
  });

  it('fails cleanly when no path exists, and when told to fail', async () => {
    const byName = await demo(100);
    // Wall the Kitchen's door off with a no-go zone: the robot cannot get in.
    const zone = await t.call('POST', '/api/no-go-zone', { x: 560, y: 210, width: 60, height: 30 });
    expect(zone.status).toBe(200);
    const quick = { destination_id: byName('Kitchen').id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false };
    const def = (await t.call('POST', '/api/mission/definition/quick', quick)).body.data;
    const failed = await ws.waitFor('movement/failed');
    expect(failed.data).toEqual({ mission_definition_id: def.id, step_index: 0, reason: 'no path to the destination' });
    expect(ws.events()).not.toContain('movement/started');
    expect((await t.call('GET', '/api/current_mission')).body.data).toEqual({});

    await t.call('DELETE', `/api/no-go-zone/${zone.body.data.id}`);
    await t.call('POST', '/control/fail-next-mission');
    const from = ws.frames.length;
    const def2 = (await t.call('POST', '/api/mission/definition/quick', quick)).body.data;
    const told = await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === def2.id, 20_000, from);
    expect(told.data.reason).toBe('path blocked');
    const def3 = (await t.call('POST', '/api/mission/definition/quick', quick)).body.data;
    await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === def3.id);
  });

  it('runs a saved definition again (POST api/mission/definition/{id}/run), and answers 404 for an unknown one', async () => {
    const byName = await demo(100);
    const quick = { destination_id: byName('Reception').id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false };
    const def = (await t.call('POST', '/api/mission/definition/quick', quick)).body.data;
    await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === def.id);
    expect((await t.call('PUT', '/api/current_mission/cancel')).status).toBe(200);
    const from = ws.frames.length;
    const again = await t.call('POST', `/api/mission/definition/${def.id}/run`, {});
    expect(again).toMatchObject({ status: 200, body: { data: {} } });
    await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === def.id, 20_000, from);
    expect((await t.call('GET', '/api/current_mission')).body.data).toMatchObject({ definition_id: def.id, step_index: 0 });
    expect((await t.call('POST', '/api/mission/definition/9999/run', {})).status).toBe(404);
    expect((await t.call('GET', `/api/mission/definition/${def.id}/run`)).status).toBe(405);
  });

  it('halts while lost, and re-plans from where it is relocalized', async () => {
    const byName = await demo(50);
    const quick = { destination_id: byName('Lab').id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false };
    const def = (await t.call('POST', '/api/mission/definition/quick', quick)).body.data;
    await ws.waitFor('movement/started');
    await new Promise((r) => setTimeout(r, 100));
    await t.call('POST', '/control/alerts', { activate: { errors: ['node_lost'] } });
    const a = (await t.call('GET', '/control/state')).body.data.pose;
    await new Promise((r) => setTimeout(r, 150));
    expect((await t.call('GET', '/control/state')).body.data.pose).toEqual(a);
    // The operator says it is in the corridor: it carries on from there and still arrives.
    await t.call('POST', '/api/position', { x: 18.8, y: 10, orientation: 180 });
    await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === def.id);
    const lab = byName('Lab');
    const p = (await t.call('GET', '/control/state')).body.data.pose;
    expect(Math.hypot(p.x - lab.x, p.y - lab.y)).toBeLessThan(0.1);
  });
});
