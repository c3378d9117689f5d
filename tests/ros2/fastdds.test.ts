/**
 * The back end against a Nav2 robot on Fast DDS, on rmw_fastrtps_cpp's wire (issue 41): the whole robot suite
 * (robotCases.ts: map, pose, quick and path missions, failures and their reasons, pause, resume, cancel,
 * teleop, batteries...) against the test robot on Fast DDS (robotFastdds.cpp), the driver learning the
 * middleware from discovery; then what is Fast DDS's own:
 *   - every service request the robot took carried its identity in RTPS, addressed to the client's reply reader
 *     (rmw_fastrtps_shared_cpp/src/rmw_request.cpp), and every reply found its reader; two back ends on one
 *     robot each take only the replies to their own requests (rmw_response.cpp);
 *   - `--rmw cyclonedds` forced against this robot gives what issue 41 reported: the goal request cannot be
 *     read (rmw_cyclonedds' header in the payload) and the goal fails after answerMs;
 *   - the discovery server (ROS_DISCOVERY_SERVER), as TurtleBot 4 uses it: the robot's participant is the
 *     server, the back end's bridge its client, and a mission arrives; without the variable, no robot.
 * No skip: a machine where Fast DDS cannot be installed or built fails here, loudly.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ros2Robot } from '../../backend/robots/ros2/ros2Robot';
import { Probe, quickMission, until } from '../sim/helpers';
import { robotSuite } from './robotCases';
import { freeDomain, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from './ros2Harness';

robotSuite({ rmw: 'fastrtps' }, (c) => {
  it("every request carried its identity in RTPS, addressed to the back end's reply reader; every reply was sent", () => {
    const requests = c.robot.got('request');
    const topics = new Set(requests.map((l) => l.topic));
    expect([...topics].sort()).toEqual(['cancel_goal', 'get_result', 'send_goal'].map((s) => `rq/navigate_to_pose/_action/${s}Request`));
    expect(requests.filter((l) => l.reply_to !== 'reader')).toEqual([]);
    expect(c.robot.got('unreadable')).toEqual([]);
    expect(c.robot.got('unanswerable'), 'a reply whose reader never matched').toEqual([]);
  });

  it('two back ends on one robot: each takes only the replies to its own requests (their related sample identity)', async () => {
    // Both send their first goal at once: the same sequence number on two request writers. The robot refuses
    // the first it reads and accepts the other; a back end that took the other's reply would get both wrong.
    const kiosks = await Promise.all([1, 2].map((n) => startRos2Backend(c.tmpDir, c.domain, {}, { dbPath: join(c.tmpDir, `kiosk${n}.db`), speed: 10 })));
    const probes = kiosks.map((k) => new Probe(k.base.replace(/^http/, 'ws') + '/ws'));
    try {
      await Promise.all(probes.map((p) => p.opened.then(() => p.waitFor('robot/connected', () => true, 15_000))));
      await c.robot.control('reject_next');
      const defs = await Promise.all(
        kiosks.map(async (k, i) => {
          const dest = (await k.call('POST', '/api/destination', { name: `Desk ${i}`, x: 1 + i, y: 0.5, orientation: 0, resolution: 0.1 })).body.data.id;
          return (await k.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data.id as number;
        }),
      );
      const outcome = (p: Probe, id: number) => p.frames.find((f) => ['movement/failed', 'movement/started'].includes(f.event) && f.data.mission_definition_id === id);
      const ends = await until(() => {
        const both = probes.map((p, i) => outcome(p, defs[i] as number));
        return both.every(Boolean) ? both : undefined;
      }, 20_000);
      expect(ends.map((f) => f?.event).sort()).toEqual(['movement/failed', 'movement/started']);
      expect(JSON.stringify(ends.find((f) => f?.event === 'movement/failed')?.data)).toContain('refused');
    } finally {
      probes.forEach((p) => p.close());
      await Promise.all(kiosks.map(async (k) => (await k.call('PUT', '/api/current_mission/cancel', {}), await k.close())));
    }
  });

  it("--rmw cyclonedds forced: the robot cannot read the goal (rmw_cyclonedds' header), which fails after answerMs", async () => {
    const other = await startRos2Backend(c.tmpDir, c.domain, { rmw: 'cyclonedds', answerMs: 3_000 }, { dbPath: join(c.tmpDir, 'forced.db'), speed: 10 });
    const ws = new Probe(other.base.replace(/^http/, 'ws') + '/ws');
    try {
      await ws.opened;
      await ws.waitFor('robot/connected', () => true, 15_000);
      expect((other.backend.app.world.driver as Ros2Robot).rmw).toBe('cyclonedds');
      const dest = (await other.call('POST', '/api/destination', { name: 'Bench', x: 1, y: 0.5, orientation: 0, resolution: 0.1 })).body.data.id;
      const from = c.robot.lines.length;
      const def = (await other.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
      const failed = await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === def.id, 20_000);
      expect(JSON.stringify(failed.data)).toContain("the robot's navigation did not answer the goal");
      const unreadable = await c.robot.waitFor((l) => l.got === 'unreadable', 1_000, from);
      expect(unreadable.topic).toBe('rq/navigate_to_pose/_action/send_goalRequest');
      expect(c.since('goal', from), 'no goal was taken').toEqual([]);
    } finally {
      ws.close();
      await other.close();
    }
  });
});

/** A profiles file that makes the robot's participant a discovery server on 127.0.0.1:`port` (server id 0). */
function serverProfile(dir: string, port: number): string {
  const file = join(dir, 'discoveryServer.xml');
  const udp = (p = '') => `<locator><udpv4><address>127.0.0.1</address>${p && `<port>${p}</port>`}</udpv4></locator>`;
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<profiles xmlns="http://www.eprosima.com/XMLSchemas/fastRTPS_Profiles">
  <transport_descriptors><transport_descriptor>
    <transport_id>loopback_udp</transport_id><type>UDPv4</type>
    <interfaceWhiteList><address>127.0.0.1</address></interfaceWhiteList>
  </transport_descriptor></transport_descriptors>
  <participant profile_name="discovery_server" is_default_profile="true"><rtps>
    <prefix>44.53.00.5f.45.50.52.4f.53.49.4d.41</prefix>
    <userTransports><transport_id>loopback_udp</transport_id></userTransports>
    <useBuiltinTransports>false</useBuiltinTransports>
    <builtin>
      <discovery_config><discoveryProtocol>SERVER</discoveryProtocol></discovery_config>
      <metatrafficUnicastLocatorList>${udp(String(port))}</metatrafficUnicastLocatorList>
    </builtin>
    <defaultUnicastLocatorList>${udp()}</defaultUnicastLocatorList>
  </rtps></participant>
</profiles>
`,
  );
  return file;
}

describe('a Fast DDS robot network with a discovery server (ROS_DISCOVERY_SERVER)', () => {
  const tmp = tempDir('ros2-discovery-server-');
  const domain = freeDomain();
  const port = 21000 + Math.floor(Math.random() * 8000);
  let robot: TestRobot;
  let b: TestBackend;
  let ws: Probe;
  const before = process.env.ROS_DISCOVERY_SERVER;

  beforeAll(async () => {
    robot = await startRos2TestRobot(domain, { rmw: 'fastrtps' }, { FASTRTPS_DEFAULT_PROFILES_FILE: serverProfile(tmp.dir, port) });
  }, 60_000);

  afterAll(async () => {
    if (before === undefined) delete process.env.ROS_DISCOVERY_SERVER;
    else process.env.ROS_DISCOVERY_SERVER = before;
    ws?.close();
    await b?.close();
    await robot?.stop();
    tmp.remove();
  });

  it('without ROS_DISCOVERY_SERVER the back end does not find it, even on its Fast DDS bridge (it is the server that joins them)', async () => {
    const alone = await startRos2Backend(tmp.dir, domain, { rmw: 'fastrtps' }, { dbPath: join(tmp.dir, 'alone.db') });
    try {
      await new Promise((r) => setTimeout(r, 6_000));
      expect(alone.backend.app.world.driver.connected).toBe(false);
    } finally {
      await alone.close();
    }
  });

  it('the back end finds the robot through the server and drives a quick mission to arrival', async () => {
    // The back end's bridge inherits this: a client of the robot's server, as a TurtleBot 4's own nodes are.
    process.env.ROS_DISCOVERY_SERVER = `127.0.0.1:${port}`;
    b = await startRos2Backend(tmp.dir, domain, {}, { speed: 10 });
    ws = new Probe(b.base.replace(/^http/, 'ws') + '/ws');
    await ws.opened;
    await ws.waitFor('robot/connected', () => true, 15_000);
    expect((b.backend.app.world.driver as Ros2Robot).rmw).toBe('fastrtps');
    const dest = (await b.call('POST', '/api/destination', { name: 'Desk', x: 1.5, y: 0.5, orientation: 0, resolution: 0.1 })).body.data.id;
    const from = ws.frames.length;
    const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
    await ws.waitFor('movement/arriving', (f) => f.data.mission_definition_id === def.id, 20_000, from);
    expect(robot.got('goal')).toHaveLength(1);
    expect((await b.call('PUT', '/api/current_mission/cancel', {})).status).toBe(200);
  });
});
