/** A paused departure countdown goes on from where it was on resume, not from the full 10 s (issue 34). */
import { afterEach, expect, it } from 'vitest';
import { type Probe, startTestSim, type TestSim, wsProbe } from './helpers';

let t: TestSim;
let ws: Probe;
afterEach(async () => {
  ws?.close();
  await t?.close();
});

it('resume announces the departure again with what was left of its countdown', async () => {
  t = await startTestSim({ demo: true, speed: 10 });
  ws = await wsProbe(t);
  const dests = (await t.call('GET', '/api/destinations')).body.data as { id: number; name: string }[];
  const lab = dests.find((d) => d.name === 'Lab')!;
  const def = (await t.call('POST', '/api/mission/definition/quick', { destination_id: lab.id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false })).body.data;
  const first = await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === def.id);
  expect(first.data.duration).toBe(10);
  // About 4 simulated seconds into the countdown.
  await new Promise((r) => setTimeout(r, 400));
  expect((await t.call('PUT', '/api/current_mission/pause')).status).toBe(200);
  // Paused for longer than the whole countdown: it must not depart meanwhile.
  await new Promise((r) => setTimeout(r, 1_200));
  expect(ws.events()).not.toContain('movement/started');
  const from = ws.frames.length;
  expect((await t.call('PUT', '/api/current_mission/resume')).status).toBe(200);
  const again = await ws.waitFor('movement/ready', () => true, 5_000, from);
  expect(again.data.duration).toBeLessThan(10);
  expect(again.data.duration).toBeGreaterThanOrEqual(1);
});
