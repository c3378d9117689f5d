/** `--map FILE.yaml`: a map_server map as the simulator's ground truth. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMapFile, parseMapYaml, readPgm } from '../../backend/robots/sim/mapFile';
import { FREE, OCCUPIED, pixelToWorld, pngToGrid, worldToPixel } from '../../backend/grid';
import { groundTruth } from '../../backend/robots/sim/floorPlan';
import { parseArgs } from '../../backend/cli';
import { startTestSim, type TestSim } from './helpers';
import { H, ORIGIN, RES, W, building, greys, writeBuildingNegatedPng, writeBuildingP2, writeBuildingPgm } from './mapServerFiles';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'map-file-'));
  dirs.push(d);
  return d;
};
let running: TestSim | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('map_server files', () => {
  it('reads the YAML map_server writes', () => {
    expect(parseMapYaml('image: a.pgm\nresolution: 0.025\norigin: [-10.5, 2, 0.0]  # yaw\nnegate: 1\noccupied_thresh: 0.7\nfree_thresh: 0.2\n')).toEqual({
      image: 'a.pgm',
      resolution: 0.025,
      origin: [-10.5, 2, 0],
      negate: 1,
      occupied_thresh: 0.7,
      free_thresh: 0.2,
      mode: 'trinary',
    });
    expect(() => parseMapYaml('resolution: 0.05\norigin: [0, 0, 0]\n')).toThrow(/image is missing/);
    expect(() => parseMapYaml('image: a.pgm\nresolution: 0\norigin: [0, 0, 0]\n')).toThrow(/resolution/);
    expect(() => parseMapYaml('image: a.pgm\nresolution: 0.05\norigin: [0, 0]\n')).toThrow(/origin/);
  });

  it('reads P5 and P2 PGMs to the same grey levels', () => {
    const d = tmp();
    writeBuildingPgm(d);
    writeBuildingP2(d);
    const p5 = readPgm(new Uint8Array(readFileSync(join(d, 'building.pgm'))));
    const p2 = readPgm(new Uint8Array(readFileSync(join(d, 'ascii.pgm'))));
    expect(p5).toMatchObject({ width: W, height: H });
    expect(p5.grey).toEqual(greys());
    expect(p2.grey).toEqual(greys());
    expect(() => readPgm(new Uint8Array(Buffer.from('P6\n1 1\n255\n\0\0\0')))).toThrow(/not a PGM/);
  }, 20_000); // an ASCII PGM of 240,000 numbers is slow to write and read on a busy machine

  it('classifies as map_server: 254 free, 205 unknown and 0 occupied both block; negate and PNG too', { timeout: 20_000 }, () => {
    const d = tmp();
    for (const path of [writeBuildingPgm(d), writeBuildingP2(d), writeBuildingNegatedPng(d)]) {
      const g = loadMapFile(path);
      expect(g).toMatchObject({ width: W, height: H, resolution: RES, origin: ORIGIN });
      for (const [px, py] of [[100, 100], [10, 10], [42, 200], [310, 100], [301, 205]] as const) {
        const grey = building(px, py);
        expect(g.at(px, py), `${path} ${px},${py} grey ${grey}`).toBe(grey === 254 ? FREE : OCCUPIED);
      }
    }
  });

  it('a broken map file is a clear error', () => {
    const d = tmp();
    writeFileSync(join(d, 'bad.yaml'), 'image: missing.pgm\nresolution: 0.05\norigin: [0, 0, 0]\n');
    expect(() => loadMapFile(join(d, 'bad.yaml'))).toThrow(/ENOENT|no such file/);
    writeFileSync(join(d, 'short.pgm'), 'P5\n10 10\n255\n\0\0');
    writeFileSync(join(d, 'short.yaml'), 'image: short.pgm\nresolution: 0.05\norigin: [0, 0, 0]\n');
    expect(() => loadMapFile(join(d, 'short.yaml'))).toThrow(/truncated/);
  });

  it('the command line takes --map', () => {
    expect(parseArgs(['--map', 'backend/robots/sim/maps/x.yaml'], {}).map).toBe('backend/robots/sim/maps/x.yaml');
    expect(() => parseArgs(['--map'], {})).toThrow(/--map needs a value/);
  });
});

describe('a simulator on a map_server map', () => {
  it('serves the building as the robot map, docks in it, plans round its walls, and the next simulator is back on the built-in floor', async () => {
    const d = tmp();
    running = await startTestSim({ map: writeBuildingPgm(d), demo: true });
    const latest = await running.call('GET', '/api/map/latest');
    expect(latest.status).toBe(200);
    const grid = pngToGrid(Buffer.from(latest.body.data.image, 'base64'), { resolution: latest.body.data.resolution, origin: latest.body.data.origin });
    expect(grid).toMatchObject({ width: W, height: H, origin: ORIGIN, resolution: RES });
    const dests = (await running.call('GET', '/api/destinations')).body.data as { name: string; x: number; y: number }[];
    expect(dests.map((x) => x.name)).toEqual(['Base']);
    const base = dests[0]!;
    const b = worldToPixel(grid, base);
    expect(building(b.px, b.py)).toBe(254);
    // From the dock (left room) to the right room: through the door, so longer than the straight line.
    const goal = pixelToWorld(grid, 500, 330);
    const path = running.sim.robot.planTo(goal);
    expect(path).not.toBeNull();
    expect(path!.length).toBeGreaterThan(Math.hypot(goal.x - base.x, goal.y - base.y) + 2);
    for (const p of path!.points) {
      const q = worldToPixel(grid, p);
      expect(building(q.px, q.py)).toBe(254);
    }
    await running.close();
    running = await startTestSim({ demo: true });
    expect(running.sim.robot.knownMap()?.width).toBe(groundTruth().width);
    expect(groundTruth().width).toBe(800);
  });
});
