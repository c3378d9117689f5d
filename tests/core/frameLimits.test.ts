import { describe, expect, it } from 'vitest';
import { FRAME_LIMITS, frameTextProblem, frameValueProblem, stackWalkProblem, type FrameLimits } from '../../core/frameLimits';
import { seededRandom } from '../../core/rng';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { booted } from './harness';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const battery = (items: number) =>
  JSON.stringify({ event: 'robot/battery_state', data: { batteries: Array.from({ length: items }, () => ({ charge: 0.5 })) } });

describe('frame limits on text', () => {
  it('passes every frame of a generated day of robot traffic', () => {
    let checked = 0;
    for (const line of generateRobotLog(5_000)) {
      let message: unknown;
      try {
        message = (JSON.parse(line) as { message?: unknown }).message;
      } catch {
        continue; // the log's deliberately broken lines
      }
      if (message === undefined) continue;
      expect(frameTextProblem(JSON.stringify(message))).toBeNull();
      expect(frameValueProblem(message)).toBeNull();
      checked++;
    }
    expect(checked).toBeGreaterThan(4_000);
  });

  it('refuses nesting past the depth limit, and allows it up to the limit', () => {
    expect(frameTextProblem(nested(FRAME_LIMITS.maxDepth))).toBeNull();
    expect(frameTextProblem(nested(FRAME_LIMITS.maxDepth + 1))).toBe(`nests deeper than ${FRAME_LIMITS.maxDepth}`);
    expect(frameTextProblem(`{"a":${nested(100_000)}}`)).toMatch(/nests deeper/);
  });

  it('refuses a frame with more entries than the limit', () => {
    expect(frameTextProblem(battery(100))).toBeNull();
    expect(frameTextProblem(battery(FRAME_LIMITS.maxEntries))).toBe(`more than ${FRAME_LIMITS.maxEntries} entries`);
    expect(frameTextProblem(`[${'0,'.repeat(FRAME_LIMITS.maxEntries)}0]`)).toMatch(/more than/);
  });

  it('refuses text over the size limit before looking inside', () => {
    const limits = { ...FRAME_LIMITS, maxChars: 100 };
    expect(frameTextProblem(`"${'x'.repeat(98)}"`, limits)).toBeNull();
    expect(frameTextProblem(`"${'x'.repeat(99)}"`, limits)).toBe('101 characters, over the limit of 100');
  });

  it('does not count brackets or commas inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ event: 'x', data: { s: `a\\"[[[,,,${'[{,'.repeat(50_000)}"` } });
    expect(frameTextProblem(text)).toBeNull();
    expect(frameTextProblem('"\\\\"' + nested(FRAME_LIMITS.maxDepth + 1))).toMatch(/nests deeper/);
  });

  it('stops early: refusing a huge frame costs about what the limits allow, not what the frame holds', () => {
    const huge = `[${'0,'.repeat(2_000_000)}0]`;
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) frameTextProblem(huge);
    // 100 refusals of a 4 MB frame; a full scan would take about 100 times longer.
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

describe('frame limits on parsed values', () => {
  it('refuses deep and wide values and passes real frames', () => {
    expect(frameValueProblem(JSON.parse(battery(3)))).toBeNull();
    expect(frameValueProblem(JSON.parse(nested(FRAME_LIMITS.maxDepth)))).toBeNull();
    expect(frameValueProblem(JSON.parse(nested(FRAME_LIMITS.maxDepth + 1)))).toMatch(/nests deeper/);
    expect(frameValueProblem(JSON.parse(battery(FRAME_LIMITS.maxEntries)))).toMatch(/more than/);
    const wide = Object.fromEntries(Array.from({ length: FRAME_LIMITS.maxEntries + 1 }, (_, i) => [`k${i}`, i]));
    expect(frameValueProblem({ event: 'x', data: wide })).toMatch(/more than/);
  });
});

describe('frame limits on parsed values, against the stack walk', () => {
  it('gives the same answer, reason included, for random values around small limits', () => {
    const { rand, pick } = seededRandom(5);
    const limits: FrameLimits = { maxChars: 1_000, maxDepth: 4, maxEntries: 12 };
    const value = (depth: number): unknown => {
      const r = rand();
      if (depth > 6 || r < 0.35) return pick([1, 'x', null, true]);
      const n = Math.floor(rand() * 5);
      if (r < 0.65) return Array.from({ length: n }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value(depth + 1)]));
    };
    let kept = 0;
    for (let i = 0; i < 5_000; i++) {
      const v = value(0);
      const expected = stackWalkProblem(v, limits);
      expect(frameValueProblem(v, limits)).toBe(expected);
      if (expected === null) kept++;
    }
    // Both answers occur often: the comparison is not all one kind.
    expect(kept).toBeGreaterThan(1_000);
    expect(kept).toBeLessThan(4_000);
  });
});

describe('the core refuses frames over the limits', () => {
  it('records a frame the worker refused as a rejection with its reason and prefix, and changes nothing else', () => {
    const h = booted();
    const before = h.state;
    const fx = h.send({ type: 'ws/message', raw: '[[[[[[', refused: 'nests deeper than 32' });
    expect(h.state.rejections.recent[0]).toMatchObject({ source: 'ws', reason: 'frame refused (nests deeper than 32): [[[[[[' });
    expect({ ...h.state, rejections: before.rejections }).toEqual(before);
    expect(fx).toEqual([{ type: 'log', level: 'warn', message: 'rejected ws: frame refused (nests deeper than 32): [[[[[[' }]);
  });

  it('refuses a parsed frame from a log that breaks the limits before its schema', () => {
    const h = booted();
    const before = h.state;
    h.send({ type: 'ws/message', message: JSON.parse(battery(20_000)) });
    h.send({ type: 'ws/message', message: { event: 'robot/battery_state', data: JSON.parse(nested(1_000)) } });
    h.send({ type: 'teleop/message', message: JSON.parse(nested(1_000)) });
    expect(h.state.rejections.count).toBe(3);
    expect(h.state.rejections.recent.map((r) => r.reason)).toEqual([
      `frame refused (more than ${FRAME_LIMITS.maxEntries} entries)`,
      `frame refused (nests deeper than ${FRAME_LIMITS.maxDepth})`,
      `frame refused (nests deeper than ${FRAME_LIMITS.maxDepth})`,
    ]);
    expect({ ...h.state, rejections: before.rejections }).toEqual(before);
  });
});
