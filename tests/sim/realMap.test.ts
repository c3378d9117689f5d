/** The simulator on a real building's map_server map (tests/sim/realMap.ts): it loads, serves and plans on it. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadMapFile } from '../../backend/robots/sim/mapFile';
import { FREE, pixelToWorld, pngToGrid, worldToPixel } from '../../backend/grid';
import { startTestSim, type TestSim } from './helpers';
import { HAVE_REAL_MAP, NO_REAL_MAP, REAL_MAP } from './realMap';

let running: TestSim | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

describe.skipIf(!HAVE_REAL_MAP)(`the Willow Garage map${HAVE_REAL_MAP ? '' : ` (skipped: ${NO_REAL_MAP})`}`, () => {
  it('reads as map_server does: 566 x 608 pixels of 0.1 m, mostly unknown around a free office floor', () => {
    const g = loadMapFile(REAL_MAP);
    expect(g).toMatchObject({ width: 566, height: 608, resolution: 0.1, origin: { x: 0, y: 0 } });
    let free = 0;
    for (let i = 0; i < g.width * g.height; i++) if (g.data[i] === FREE) free += 1;
    // An office floor: a real share of free space, far from all of it.
    expect(free / (g.width * g.height)).toBeGreaterThan(0.05);
    expect(free / (g.width * g.height)).toBeLessThan(0.6);
  });

  it('serves it as the robot map, docks on free floor, and plans across the building round its walls', { timeout: 60_000 }, async () => {
    running = await startTestSim({ map: REAL_MAP, demo: true });
    const latest = (await running.call('GET', '/api/map/latest')).body.data;
    const served = pngToGrid(Buffer.from(latest.image, 'base64'), { resolution: latest.resolution, origin: latest.origin });
    expect(served).toMatchObject({ width: 566, height: 608 });
    const truth = loadMapFile(REAL_MAP);
    const base = (await running.call('GET', '/api/destinations')).body.data[0] as { x: number; y: number };
    const b = worldToPixel(truth, base);
    expect(truth.data[b.py * truth.width + b.px]).toBe(FREE);
    // The farthest free pixel the planner reaches from the dock, on a coarse scan of the floor.
    let best: { path: { length: number }; straight: number } | null = null;
    for (let py = 20; py < truth.height; py += 40)
      for (let px = 20; px < truth.width; px += 40) {
        if (truth.data[py * truth.width + px] !== FREE) continue;
        const goal = pixelToWorld(truth, px, py);
        const straight = Math.hypot(goal.x - base.x, goal.y - base.y);
        if (straight < 10 || (best && straight <= best.straight)) continue;
        const path = running.sim.robot.planTo(goal);
        if (path) best = { path, straight };
      }
    expect(best, 'a reachable spot at least 10 m away').not.toBeNull();
    // Corridors and doors: the way is longer than the straight line.
    expect(best!.path.length).toBeGreaterThan(best!.straight);
  });
});
