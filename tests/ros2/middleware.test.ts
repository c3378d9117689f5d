/**
 * How the driver learns the robot's middleware (middleware.ts): the vendor id of the writers of the topics it
 * reads; one switch at most on a domain with robots of both; none when --rmw fixed it.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseRmw, RmwLearner, rmwOfVendor } from '../../backend/robots/ros2/middleware';

describe('the robot middleware, learnt from discovery', () => {
  it('knows the vendors of Fast DDS (010f) and Cyclone DDS (0110), and no other', () => {
    expect([rmwOfVendor('010f'), rmwOfVendor('010F'), rmwOfVendor('0110'), rmwOfVendor('0101'), rmwOfVendor('')]).toEqual(['fastrtps', 'fastrtps', 'cyclonedds', undefined, undefined]);
    expect(parseRmw('rmw_fastrtps_cpp')).toBe('fastrtps');
  });

  it("switches to the robot's middleware when the bridge running is the other one, and stays when it is the same", () => {
    const l = new RmwLearner(false);
    expect(l.writerSeen('0110', 'cyclonedds')).toBeUndefined();
    expect(new RmwLearner(false).writerSeen('010f', 'cyclonedds')).toBe('fastrtps');
    expect(new RmwLearner(false).writerSeen('0110', 'fastrtps')).toBe('cyclonedds');
    expect(new RmwLearner(false).writerSeen('0101', 'cyclonedds'), 'another vendor: no bridge for it').toBeUndefined();
  });

  it('robots of both on one domain: one switch at most, said once, then it stays', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const l = new RmwLearner(false);
      expect(l.writerSeen('010f', 'cyclonedds')).toBe('fastrtps');
      // The Fast DDS bridge now sees the Cyclone robot too: no switch back.
      expect(l.writerSeen('0110', 'fastrtps')).toBeUndefined();
      expect(l.writerSeen('0110', 'fastrtps')).toBeUndefined();
      expect(warn.mock.calls.filter((c) => /both Cyclone DDS and Fast DDS/.test(String(c[0])))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('--rmw fixed it: never a switch', () => {
    expect(new RmwLearner(true).writerSeen('010f', 'cyclonedds')).toBeUndefined();
  });
});
