/**
 * The charging mission goes now (issue 42): asked while a mission waits at its destination for the recipient,
 * that mission is stopped (recorded as stopped), the charge leaves before any mission queued earlier, and a
 * second press while it waits to leave answers the same charge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Probe, startTestSim, type TestSim, wsProbe } from './helpers';

let t: TestSim;
let ws: Probe;
afterEach(async () => {
  ws?.close();
  await t?.close();
});

const quick = (id: number) => ({ destination_id: id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false });

describe('the charging mission goes now', () => {
  it('stops a mission waiting at its destination, leaves before the queued ones, and is asked once', async () => {
    t = await startTestSim({ demo: true, speed: 100 });
    ws = await wsProbe(t);
    const dests = (await t.call('GET', '/api/destinations')).body.data as { id: number; name: string }[];
    const id = (n: string) => dests.find((d) => d.name === n)!.id;
    const waiting = (await t.call('POST', '/api/mission/definition/quick', quick(id('Reception')))).body.data;
    const later = (await t.call('POST', '/api/mission/definition/quick', quick(id('Lab')))).body.data;
    await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === waiting.id);
    expect((await t.call('GET', '/api/current_mission')).body.data.definition_id).toBe(waiting.id);

    await t.call('POST', '/control/battery', { charges: [0.08, 0.5] });
    const charge = (await t.call('POST', '/api/mission/charging')).body.data;
    expect(charge).toMatchObject({ kind: 'charging' });
    // The waiting mission ended at once, as stopped (the fast clock may have started the charge already).
    expect((await t.call('GET', '/api/current_mission')).body.data.definition_id ?? charge.id).toBe(charge.id);
    const now = new Date();
    const ended = (await t.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
    expect(ended.find((m: { definition_id: number }) => m.definition_id === waiting.id)).toMatchObject({ status: 'uncompleted', outcome: 'stopped' });
    // Asked again, waiting or running: the same charge, not a second one.
    expect((await t.call('POST', '/api/mission/charging')).body.data.id).toBe(charge.id);

    // The charge departs first; the mission queued earlier waits behind it.
    const ready = await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id !== waiting.id);
    expect(ready.data.mission_definition_id).toBe(charge.id);
    expect((await t.call('GET', '/api/current_mission')).body.data.definition_id).toBe(charge.id);
    expect((await t.call('GET', '/control/state')).body.data.queue).toBe(1);
    expect(later.id).not.toBe(charge.id);
  });

  it('with nothing running and missions queued, still leaves first', async () => {
    t = await startTestSim({ demo: true, speed: 100 });
    ws = await wsProbe(t);
    // A robot out of reach holds the queue: a mission waits, then the charge is asked.
    expect((await t.call('POST', '/control/robot', { connected: false })).status).toBe(200);
    const dests = (await t.call('GET', '/api/destinations')).body.data as { id: number; name: string }[];
    const first = (await t.call('POST', '/api/mission/definition/quick', quick(dests.find((d) => d.name === 'Lab')!.id))).body.data;
    const charge = (await t.call('POST', '/api/mission/charging')).body.data;
    expect((await t.call('GET', '/control/state')).body.data.queue).toBe(2);
    await t.call('POST', '/control/robot', { connected: true });
    const ready = await ws.waitFor('movement/ready');
    expect(ready.data.mission_definition_id).toBe(charge.id);
    expect(first.id).not.toBe(charge.id);
  });
});
