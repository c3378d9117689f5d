/**
 * Replay throughput: a generated day of robot traffic (1,000,000 mixed lines, some malformed) read and folded
 * through the core, against `JSON.parse` of the same lines alone, both timed in this run.
 *
 * Figures (events per second, median of the repeats; ratio = core / parse-only):
 * - "parse + core": `parseLog` (JSON.parse plus the line checks) then `replay` (batched `stepAll`), the path
 *   of `npm run replay`. Target: at least 1/3 of the parse-only throughput.
 * - "one step per event" (information): the same fold with one immer `produce` per event on a 100k slice, the
 *   shape the core avoids; the spine issue measured it near 1/12.
 * The baseline, "JSON.parse only", splits the text into lines and parses each one (try/catch), nothing else.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseLog } from '../core/eventLog';
import { replay } from '../core/replay';
import { step } from '../core/step';
import { initialState, type State } from '../core/state';
import type { CoreEvent } from '../core/events';
import { generateRobotLog } from './replay/robotLog';
import { checkFastPaths } from './replay/checkFastPaths';
import { median, report, type Figure } from './lib/report';

const EVENTS = 1_000_000;
/** Repeats of each side, interleaved so drift in machine load hits both alike; the median is quoted. */
const REPEATS = 5;
const SLICE = 100_000;

function parseOnly(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      JSON.parse(line);
      n++;
    } catch {
      /* a malformed line costs its failed parse, as in the core path */
    }
  }
  return n;
}

function parseAndReplay(text: string): State {
  return replay(parseLog(text).events);
}

/** The naive fold: one `step` (one immer draft) per event. */
function parseAndStepEach(text: string): State {
  let state = initialState();
  for (const event of parseLog(text).events) state = step(state, event).state;
  return state;
}

/** Runs `fn` and returns its wall time in milliseconds. */
function time(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function main(): void {
  const started = performance.now();
  const lines = generateRobotLog(EVENTS);
  const text = lines.join('\n') + '\n';
  const slice = lines.slice(0, SLICE).join('\n') + '\n';
  console.log(`log: ${lines.length} lines, ${(text.length / 1e6).toFixed(0)} MB, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Behaviour checks: the cheap frame checks agree with zod, and the batched fold ends in the same state as one step per event.
  const [checked, fast] = checkFastPaths();
  console.log(`fast frame checks agree with zod on ${checked} samples (${fast} passed fast)`);
  const parsed = parseLog(slice);
  const byStep = parsed.events.reduce<State>((s, e: CoreEvent) => step(s, e).state, initialState());
  if (!isDeepStrictEqual(replay(parsed.events), byStep)) throw new Error('batched replay differs from stepping one by one');
  console.log(`slice: ${parsed.events.length} events, ${parsed.bad.length} bad lines, ${byStep.rejections.count} rejected by the core`);

  // Warm up both paths (JIT) on the slice before timing.
  parseOnly(slice);
  parseAndReplay(slice);

  const parseMs: number[] = [];
  const coreMs: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    parseMs.push(time(() => parseOnly(text)));
    coreMs.push(time(() => parseAndReplay(text)));
    console.log(`  repeat ${i + 1}: parse ${parseMs[i]!.toFixed(0)} ms, parse + core ${coreMs[i]!.toFixed(0)} ms`);
  }
  const sliceParse: number[] = [];
  const sliceEach: number[] = [];
  for (let i = 0; i < 3; i++) {
    sliceParse.push(time(() => parseOnly(slice)));
    sliceEach.push(time(() => parseAndStepEach(slice)));
  }

  const perSec = (n: number, ms: number) => (n / ms) * 1000;
  const parseRate = perSec(EVENTS, median(parseMs));
  const coreRate = perSec(EVENTS, median(coreMs));
  const sliceParseRate = perSec(SLICE, median(sliceParse));
  const eachRate = perSec(SLICE, median(sliceEach));
  const figures: Figure[] = [
    {
      name: 'JSON.parse only (baseline)',
      value: parseRate,
      baseline: null,
      unit: 'ev/s',
      ratio: 1,
      target: '-',
      pass: null,
      samples: parseMs,
    },
    {
      name: 'parse + core (batched)',
      value: coreRate,
      baseline: parseRate,
      unit: 'ev/s',
      ratio: coreRate / parseRate,
      target: '>= 0.333',
      pass: coreRate / parseRate >= 1 / 3,
      samples: coreMs,
    },
    {
      name: 'one step per event (100k)',
      value: eachRate,
      baseline: sliceParseRate,
      unit: 'ev/s',
      ratio: eachRate / sliceParseRate,
      target: 'info',
      pass: null,
      samples: sliceEach,
    },
  ];
  report('replayThroughput', figures, { events: EVENTS, repeats: REPEATS, seconds: (performance.now() - started) / 1000 });
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main();
