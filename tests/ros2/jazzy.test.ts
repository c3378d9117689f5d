/**
 * A Jazzy robot, on either middleware: NavigateToPose's result there carries `error_code` and `error_msg`
 * (Humble's is empty). The test robot built with Jazzy's layout aborts a goal into a wall with "No valid path
 * found": the back end's bridges, typed with Humble's result, still match (same type name) and the driver reads
 * the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RMWS } from '../../backend/robots/ros2/middleware';
import { Probe, quickMission } from '../sim/helpers';
import { freeDomain, HAVE_CYCLONE, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from './ros2Harness';

describe.skipIf(!HAVE_CYCLONE).each(RMWS)("a robot on %s with Jazzy's NavigateToPose result", (rmw) => {
  const tmp = tempDir(`ros2-jazzy-${rmw}-`);
  const domain = freeDomain();
  let robot: TestRobot;
  let b: TestBackend;
  let ws: Probe;

  beforeAll(async () => {
    robot = await startRos2TestRobot(domain, { rmw, jazzy: true });
    b = await startRos2Backend(tmp.dir, domain, {}, { speed: 10 });
    ws = new Probe(b.base.replace(/^http/, 'ws') + '/ws');
    await ws.opened;
    await ws.waitFor('robot/connected', () => true, 15_000);
  }, 60_000);

  afterAll(async () => {
    ws?.close();
    await b?.close();
    await robot?.stop();
    tmp.remove();
  });

  it("an aborted goal's movement/failed carries Nav2's error_msg; a goal on open floor arrives", async () => {
    const wall = (await b.call('POST', '/api/destination', { name: 'Wall', x: 3.05, y: 1.05, orientation: 0, resolution: 0.1 })).body.data.id;
    let from = ws.frames.length;
    const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(wall))).body.data;
    const failed = await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === def.id, 15_000, from);
    expect(JSON.stringify(failed.data)).toContain('No valid path found');

    const open = (await b.call('POST', '/api/destination', { name: 'Open', x: 1, y: 0.5, orientation: 0, resolution: 0.1 })).body.data.id;
    from = ws.frames.length;
    const ok = (await b.call('POST', '/api/mission/definition/quick', quickMission(open))).body.data;
    await ws.waitFor('movement/arriving', (f) => f.data.mission_definition_id === ok.id, 15_000, from);
  });
});
