/**
 * The CDR codec and the IDL generator without DDS: alignment from the data's start, the padding Cyclone needs,
 * rmw_cyclonedds' request header, the get_result reply of Humble, Iron and Jazzy read leniently, and IDL as
 * rosidl names it. robot.test.ts proves the same bytes against idlc's own types on a real DDS peer.
 */
import { describe, expect, it } from 'vitest';
import { CdrReader, decode, encode } from '../../backend/robots/ros2/cdr';
import { idlFor } from '../../backend/robots/ros2/idl';
import { ddsTypeName } from '../../backend/robots/ros2/interfaces';
import { readResultReply } from '../../backend/robots/ros2/navigateAction';

/** A little-endian CDR writer for hand-made layouts (what another release's robot sends). */
function bytes(parts: [string, number | bigint | string][]): Uint8Array {
  const out: number[] = [0, 1, 0, 0];
  const align = (n: number) => {
    while ((out.length - 4) % n) out.push(0);
  };
  for (const [type, v] of parts) {
    const b = Buffer.alloc(8);
    if (type === 'u8') out.push(Number(v));
    else if (type === 'u16') {
      align(2);
      b.writeUInt16LE(Number(v));
      out.push(...b.subarray(0, 2));
    } else if (type === 'u64') {
      align(8);
      b.writeBigUInt64LE(BigInt(v));
      out.push(...b);
    } else if (type === 'str') {
      const s = Buffer.from(`${v}\0`);
      align(4);
      b.writeUInt32LE(s.length);
      out.push(...b.subarray(0, 4), ...s);
    }
  }
  align(4);
  return Uint8Array.from(out);
}

describe('CDR for ROS 2 over DDS', () => {
  it('encodes little-endian XCDR1, aligned from after the header, padded to 4 with the count in the options', () => {
    const b = encode('std_msgs/msg/Bool', { data: true });
    expect([...b]).toEqual([0, 1, 0, 3, 1, 0, 0, 0]);
    const t = encode('geometry_msgs/msg/Twist', { linear: { x: 0.5, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 1 } });
    expect(t.length).toBe(4 + 48);
    expect(new DataView(t.buffer).getFloat64(4, true)).toBe(0.5);
    const h = encode('nav2_msgs/action/NavigateToPose_GetResult_Request', { rmw_guid: 7n, rmw_seq: 3n, goal_id: { uuid: new Uint8Array(16).fill(9) } });
    expect(h.length, 'the 16-byte request header first, then the 16-byte uuid').toBe(4 + 32);
    expect(decode('nav2_msgs/action/NavigateToPose_GetResult_Request', h)).toMatchObject({ rmw_guid: 7n, rmw_seq: 3n });
  });

  it('round-trips a map, a pose with covariance and a diagnostics array', () => {
    const map = { header: { stamp: { sec: 1, nanosec: 2 }, frame_id: 'map' }, info: { map_load_time: { sec: 0, nanosec: 0 }, resolution: 0.05, width: 3, height: 1, origin: { position: { x: -1, y: 2, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } } }, data: Int8Array.from([0, 100, -1]) };
    const back = decode('nav_msgs/msg/OccupancyGrid', encode('nav_msgs/msg/OccupancyGrid', map));
    expect(back.header.frame_id).toBe('map');
    expect([...back.data]).toEqual([0, 100, -1]);
    expect(back.info.resolution).toBeCloseTo(0.05, 7);
    const cov = Array.from({ length: 36 }, (_, i) => i);
    const pose = decode('geometry_msgs/msg/PoseWithCovarianceStamped', encode('geometry_msgs/msg/PoseWithCovarianceStamped', { header: { frame_id: 'x' }, pose: { pose: { position: { x: 1, y: 2, z: 0 }, orientation: { w: 1 } }, covariance: cov } }));
    expect(pose.pose.covariance).toEqual(cov);
    const diag = { header: {}, status: [{ level: 2, name: 'Node lost', message: '', hardware_id: '', values: [{ key: 'k', value: 'v' }] }] };
    expect(decode('diagnostic_msgs/msg/DiagnosticArray', encode('diagnostic_msgs/msg/DiagnosticArray', diag)).status[0]).toMatchObject({ level: 2, name: 'Node lost', values: [{ key: 'k', value: 'v' }] });
  });

  it('refuses data that ends early, and a fixed array of the wrong length', () => {
    const b = encode('geometry_msgs/msg/Twist', {});
    expect(() => decode('geometry_msgs/msg/Twist', b.subarray(0, 20))).toThrow(/ends/);
    expect(() => encode('geometry_msgs/msg/PoseWithCovariance', { covariance: [1, 2] })).toThrow(/36/);
    expect(() => new CdrReader(Uint8Array.from([9, 9, 0, 0]))).toThrow(/encapsulation/);
  });

  it("reads the get_result reply of Humble (empty), Iron (error_code) and Jazzy (error_code, error_msg)", () => {
    const head: [string, bigint | number][] = [['u64', 5n], ['u64', 8n], ['u8', 6]];
    expect(readResultReply(bytes([...head, ['u8', 0]]))).toEqual({ rmw_guid: 5n, rmw_seq: 8n, status: 6 });
    expect(readResultReply(bytes([...head, ['u16', 104]]))).toMatchObject({ status: 6, reason: 'Nav2 error code 104' });
    expect(readResultReply(bytes([...head, ['u16', 104], ['str', 'No valid path found']]))).toMatchObject({ status: 6, reason: 'No valid path found' });
  });

  it('writes IDL as rosidl names types: pkg::msg::dds_::Name_, services and actions with the request header', () => {
    const idl = idlFor();
    expect(ddsTypeName('nav2_msgs/action/NavigateToPose_SendGoal_Request')).toBe('nav2_msgs::action::dds_::NavigateToPose_SendGoal_Request_');
    expect(idl).toContain('@final struct OccupancyGrid_ {\n    ::std_msgs::msg::dds_::Header_ header;\n    ::nav_msgs::msg::dds_::MapMetaData_ info;\n    sequence<int8> data;');
    expect(idl).toMatch(/struct NavigateToPose_SendGoal_Request_ \{\n {4}uint64 rmw_guid;\n {4}int64 rmw_seq;\n {4}::unique_identifier_msgs::msg::dds_::UUID_ goal_id;/);
    expect(idl).toContain('struct Empty_ {\n    uint8 structure_needs_at_least_one_member;');
    expect(idl.indexOf('struct Time_')).toBeLessThan(idl.indexOf('struct Header_'));
  });
});
