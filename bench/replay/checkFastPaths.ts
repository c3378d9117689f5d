/**
 * A differential check run before the replay benchmark: the core's cheap frame checks (`wsFastChecks`) must
 * never pass data that its zod schema refuses, or the speed-up would change behaviour. Valid samples of each
 * checked event with one part replaced by a seeded random or edge value (NaN, -0, 2^53, null, a string...);
 * throws on the first disagreement.
 */
import { seededRandom } from '../../core/rng';
import { wsDataSchemas, wsFastChecks, type WsEventName } from '../../core/schemas/ws';

const EDGES: unknown[] = [0, -0, 1, -1, 0.5, 3, 1.0000001, -1e-9, 1.5, 2 ** 53, 2 ** 53 - 1, 1e308, Number.NaN, Infinity, -Infinity, 5e-324, null, undefined, true, '', 'node_lost', '0.5', [], {}, ['a'], [1]];

const movement = { mission_definition_id: 3, step_index: 0 };
const SAMPLES: Partial<Record<WsEventName, unknown>> = {
  'robot/battery_state': { batteries: [{ charge: 0.5, health: 0.9 }, { charge: null }, {}] },
  'robot/alert_update': { activated_errors: ['node_lost'], activated_warnings: [], resolved_errors: [], resolved_warnings: ['wheel_slip'] },
  'movement/ready': { ...movement, duration: 3 },
  'mapping/mapUpdate': { image: 'iVBORw0KGgo=', origin: { x: -10, y: -10 }, resolution: 0.05, robot: { x: 1, y: 2, orientation: 0.5 } },
};

/** Checks `perEvent` mutated samples of every event that has a fast check; returns [checked, passed fast]. */
export function checkFastPaths(perEvent = 5_000, seed = 11): [number, number] {
  const { rand, pick } = seededRandom(seed);
  /** A deep copy of `v` with one node (or the whole) replaced by an edge value, or one key deleted. */
  const mutate = (v: unknown): unknown => {
    if (rand() < 0.15 || v === null || typeof v !== 'object') return pick(EDGES);
    const copy: Record<string, unknown> | unknown[] = Array.isArray(v) ? [...v] : { ...(v as Record<string, unknown>) };
    const keys = Object.keys(copy);
    // An empty object gets a key half the time: the checks refuse keys their schema does not name, so always
    // adding one would leave the frames without data no sample the fast path passes.
    if (keys.length === 0 ? rand() < 0.5 : rand() < 0.1) return Array.isArray(copy) ? [...copy, pick(EDGES)] : { ...copy, x: pick(EDGES) };
    if (keys.length === 0) return copy;
    const k = pick(keys);
    if (rand() < 0.1 && !Array.isArray(copy)) delete copy[k];
    else (copy as Record<string, unknown>)[k] = mutate((copy as Record<string, unknown>)[k]);
    return copy;
  };
  let checked = 0;
  let passed = 0;
  for (const name of Object.keys(wsFastChecks) as WsEventName[]) {
    const fast = wsFastChecks[name]!;
    const sample = SAMPLES[name] ?? (name.startsWith('movement/') ? movement : {});
    for (let i = 0; i < perEvent; i++) {
      const data = i === 0 ? sample : mutate(sample);
      const ok = fast(data);
      if (ok !== wsDataSchemas[name]().safeParse(data).success && ok) {
        throw new Error(`wsFastChecks['${name}'] passed data zod refuses: ${JSON.stringify(data)}`);
      }
      checked++;
      if (ok) passed++;
    }
  }
  return [checked, passed];
}
