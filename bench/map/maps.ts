/** Map images for the map benchmark: a large floor revealed step by step, and a mapping session's frames. */
import { encode } from 'fast-png';
import { groundTruth, tour, basePose } from '../../backend/robots/sim/floorPlan';
import { Grid, gridToBase64Png, UNKNOWN } from '../../backend/grid';
import { scan } from '../../backend/robots/sim/mapper';
import { buildCostGrid, plan } from '../../backend/robots/sim/planner';
import { INFLATION } from '../../backend/robots/sim/robot';

/**
 * `count` base64 PNGs of a `size` x `size` map, each revealing more of it (as a live mapping does): a grid
 * of rooms, free 254 / walls 0 / unknown 205 (map_server's levels), known within a radius that grows.
 */
export function growingMaps(size: number, count: number): string[] {
  const room = 160;
  const out: string[] = [];
  const data = new Uint8Array(size * size);
  for (let n = 1; n <= count; n++) {
    const radius = (size * 0.75 * n) / count;
    for (let py = 0; py < size; py++)
      for (let px = 0; px < size; px++) {
        const known = Math.hypot(px - size / 2, py - size / 2) <= radius;
        const wall = px % room < 4 || py % room < 4;
        const door = Math.abs((px % room) - room / 2) < 20 || Math.abs((py % room) - room / 2) < 20;
        data[py * size + px] = !known ? 205 : wall && !door ? 0 : 254;
      }
    out.push(Buffer.from(encode({ width: size, height: size, data, channels: 1, depth: 8 })).toString('base64'));
  }
  return out;
}

/**
 * The `mapping/mapUpdate` data of a mapping session on the simulator's office floor, one per second for
 * `seconds`: the robot walks the person's tour at 0.8 m/s, scanning as the simulator's lidar does, and waits
 * 20 s at each stop (where a person talks, pauses, names a destination), then goes round again.
 */
export function mappingSession(seconds: number): { image: string; origin: { x: number; y: number }; resolution: number; robot: { x: number; y: number; orientation: number } }[] {
  const truth = groundTruth();
  const live = new Grid(truth.width, truth.height, truth.resolution, truth.origin, UNKNOWN);
  const cost = buildCostGrid(truth, [], INFLATION);
  const stops = tour();
  let pos = { x: basePose().x, y: basePose().y };
  let route: { x: number; y: number }[] = [];
  let stop = 0;
  let wait = 0;
  const frames = [];
  let lastImage = '';
  for (let t = 0; t < seconds; t++) {
    if (wait > 0) wait--;
    else {
      if (!route.length) {
        const goal = stops[stop++ % stops.length]!;
        route = plan(cost, pos, goal)?.points.slice(1) ?? [];
        if (!route.length) wait = 20;
      }
      let budget = 0.8;
      while (budget > 0 && route.length) {
        const next = route[0]!;
        const d = Math.hypot(next.x - pos.x, next.y - pos.y);
        if (d <= budget) {
          pos = next;
          route.shift();
          budget -= d;
        } else {
          pos = { x: pos.x + ((next.x - pos.x) * budget) / d, y: pos.y + ((next.y - pos.y) * budget) / d };
          budget = 0;
        }
        scan(truth, live, pos);
      }
      if (!route.length) wait = 20;
    }
    const changed = scan(truth, live, pos);
    // The image only changes when the map did: encode it again only then.
    if (changed > 0 || !lastImage) lastImage = gridToBase64Png(live);
    frames.push({ image: lastImage, origin: truth.origin, resolution: truth.resolution, robot: { ...pos, orientation: 0 } });
  }
  return frames;
}
