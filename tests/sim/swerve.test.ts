/** Swerve-drive inverse kinematics: each wheel's velocity must reproduce the commanded body motion. */
import { describe, expect, it } from 'vitest';
import { CORNERS, Joints, swerve, WHEEL_RADIUS } from '../../backend/robots/sim/swerve';

const deg = (r: number) => (r * 180) / Math.PI;

/** The ground velocity of each wheel from its steer angle and speed. */
function wheelVelocities(steer: number[], speed: number[]) {
  return steer.map((a, i) => ({ vx: Math.cos(a) * (speed[i] as number) * WHEEL_RADIUS, vy: Math.sin(a) * (speed[i] as number) * WHEEL_RADIUS }));
}

describe('swerve kinematics', () => {
  it('drives straight with all wheels ahead', () => {
    const { steer, speed } = swerve({ vx: 0.5, vy: 0, wz: 0 });
    expect(steer.map(deg)).toEqual([0, 0, 0, 0]);
    for (const s of speed) expect(s).toBeCloseTo(0.5 / WHEEL_RADIUS);
  });

  it('reverses by spinning the wheels backwards, not by turning them round', () => {
    const { steer, speed } = swerve({ vx: -0.5, vy: 0, wz: 0 });
    for (const a of steer) expect(Math.abs(a)).toBeCloseTo(0);
    for (const s of speed) expect(s).toBeCloseTo(-5);
  });

  it('crab-walks with all wheels at 90 degrees', () => {
    const left = swerve({ vx: 0, vy: 0.3, wz: 0 });
    for (const a of left.steer) expect(deg(a)).toBeCloseTo(90);
    for (const s of left.speed) expect(s).toBeCloseTo(3);
    const right = swerve({ vx: 0, vy: -0.3, wz: 0 });
    for (const a of right.steer) expect(deg(a)).toBeCloseTo(-90);
  });

  it('turns on the spot with wheels tangent to a circle', () => {
    const { steer, speed } = swerve({ vx: 0, vy: 0, wz: 0.5 });
    CORNERS.forEach((c, i) => {
      const v = wheelVelocities(steer, speed)[i]!;
      // Tangent: perpendicular to the corner's radius vector, with |v| = w * r.
      expect(v.vx * c.x + v.vy * c.y).toBeCloseTo(0);
      expect(Math.hypot(v.vx, v.vy)).toBeCloseTo(0.5 * Math.hypot(c.x, c.y));
    });
  });

  it('reproduces any body twist, steer angles always within +-90 degrees', () => {
    for (let i = 0; i < 200; i++) {
      const t = { vx: Math.sin(i) , vy: Math.cos(i * 1.7), wz: Math.sin(i * 0.3) };
      const { steer, speed } = swerve(t);
      for (const a of steer) expect(Math.abs(a)).toBeLessThanOrEqual(Math.PI / 2 + 1e-9);
      wheelVelocities(steer, speed).forEach((v, k) => {
        const c = CORNERS[k]!;
        expect(v.vx).toBeCloseTo(t.vx - t.wz * c.y, 9);
        expect(v.vy).toBeCloseTo(t.vy + t.wz * c.x, 9);
      });
    }
  });

  it('keeps the steer angles when stopping, and integrates wheel angles', () => {
    const j = new Joints();
    j.step({ vx: 0, vy: 0.3, wz: 0 }, 0.1);
    j.step({ vx: 0, vy: 0, wz: 0 }, 0.1);
    const r = j.report();
    expect(r.name).toEqual([
      'front_left_steer', 'front_left_wheel', 'front_right_steer', 'front_right_wheel',
      'rear_left_steer', 'rear_left_wheel', 'rear_right_steer', 'rear_right_wheel',
    ]);
    expect(deg(r.position[0]!)).toBeCloseTo(90);
    expect(r.position[1]).toBeCloseTo(0.3);
    expect(r.velocity).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
