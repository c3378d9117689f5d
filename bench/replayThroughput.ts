/**
 * Replay throughput: a generated day of robot traffic (1,000,000 mixed lines, about 2% malformed) read and
 * folded through the core, against `JSON.parse` of the same lines alone, both timed in this run.
 *
 * Figures, in events per second (median of the repeats); each ratio is the median of the per-repeat ratios
 * core / parse-only, runs of a pair being back to back so load drift hits both alike. The target's pairs run
 * first, before anything keeps parsed events (see the warm-up in `main`), then the kept path's repeats:
 * - "parse + core (replayLog)": `replayLog`, which parses and folds in batches of 512 without keeping the
 *   events: how a day's log is replayed in Node. Target: at least 0.8 of the parse-only throughput (issue 15's;
 *   see bench/README.md at f0de46c).
 * - "parseLog + replay (kept)" (information): all events parsed into an array first, then `replay`, the path
 *   of the replay page, which keeps the events to seek in them; holding a million parsed events costs GC time.
 * - "the fold alone (kept events)" (information): that path's `replay` alone, its events parsed beforehand: the
 *   core's own cost. Since core/log/frameMemo.ts the readers parse each repeated robot frame once, so reading a
 *   log costs less than the baseline's `JSON.parse` of every line, and the first figure's ratio counts that too.
 * - "one step per event (100k)" (information): one `step` per event on a 100k slice, as the live worker
 *   steps a lone event; the spine issue measured it near 1/12 when every step was an immer `produce`.
 * - "the same in CPU time" (information): the first figure's pairs timed by `process.cpuUsage` (all the
 *   process's threads, the garbage collector's included): steadier than wall time on a shared machine.
 * The baseline, "JSON.parse only", splits the text into lines and parses each one (try/catch), nothing else.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseLog } from '../core/log/eventLog';
import { replay, replayLog } from '../core/log/replay';
import { step } from '../core/step';
import { initialState, type State } from '../core/state';
import { generateRobotLog } from './replay/robotLog';
import { checkFastPaths } from './replay/checkFastPaths';
import { median, report, type Figure } from './lib/report';

const EVENTS = 1_000_000;
/** Repeats of each side, interleaved; the median is quoted. */
const REPEATS = 3;
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

/** The naive fold: one `step` (one run of the core) per event. */
function stepEach(text: string): State {
  let state = initialState();
  for (const event of parseLog(text).events) state = step(state, event).state;
  return state;
}

/** Runs `fn`, returning its result and wall time in milliseconds (and its process CPU time into `cpu`). */
function timed<T>(fn: () => T, cpu?: number[]): [T, number] {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = fn();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  cpu?.push((c.user + c.system) / 1000);
  return [out, ms];
}

/** Each path's repeats: times, and ratios against the parse-only run just before. */
interface Series {
  ms: number[];
  ratios: number[];
}

function figure(name: string, n: number, s: Series, parse: Series, target: number | null): Figure {
  const ratio = median(s.ratios);
  return {
    name,
    value: (n / median(s.ms)) * 1000,
    baseline: (n / median(parse.ms)) * 1000,
    unit: 'ev/s',
    ratio,
    target: target === null ? 'info' : `>= ${target.toFixed(3)}`,
    pass: target === null ? null : ratio >= target,
    samples: s.ms,
  };
}

/** The day's log and its first 100k lines as text; the generated lines die with this call, as a reader has only the text. */
function generateTexts(): { text: string; slice: string; lines: number } {
  const lines = generateRobotLog(EVENTS);
  return { text: lines.join('\n') + '\n', slice: lines.slice(0, SLICE).join('\n') + '\n', lines: lines.length };
}

/** One pair of the target's figure, parse-only then `replayLog`, back to back; wall and CPU ms of each. */
function streamedPair(text: string): { p: number; s: number; pCpu: number; sCpu: number; state: State } {
  const cpu: number[] = [];
  const [, p] = timed(() => parseOnly(text), cpu);
  const [state, s] = timed(() => replayLog(text).state, cpu);
  return { p, s, pCpu: cpu[0]!, sCpu: cpu[1]!, state };
}

/**
 * One repeat of the kept path, parse-only then `parseLog` then `replay`. Its million parsed events die with this
 * call rather than with the next repeat's assignment of a loop variable.
 */
function keptRepeat(text: string): { p: number; read: number; folded: number; state: State } {
  const [, p] = timed(() => parseOnly(text));
  const [events, read] = timed(() => parseLog(text).events);
  const [state, folded] = timed(() => replay(events));
  return { p, read, folded, state };
}

function main(): void {
  const started = performance.now();
  const { text, slice, lines } = generateTexts();
  console.log(`log: ${lines} lines, ${(text.length / 1e6).toFixed(0)} MB, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Behaviour check: the cheap frame checks agree with zod (the fold's own checks come after the target's runs).
  const [checked, fast] = checkFastPaths();
  console.log(`fast frame checks agree with zod on ${checked} samples (${fast} passed fast)`);

  // Warm up (JIT) on the slice before timing, on the target's path alone: nothing that keeps parsed events may
  // run before the target's pairs. V8 moves an allocation site whose objects all survive to the old generation
  // for good (allocation-site pretenuring), so once `parseLog` has kept 100k events, every event `replayLog`
  // reads is made there and dies there, and the fold went from 1.0 to 0.72-0.78 of the parse-only throughput
  // (with `--no-allocation-site-pretenuring` 1.0 either way; bench/README.md at f0de46c). No reader of the kiosk keeps
  // parsed events: the Node replay folds as it reads, and the browser's replay keeps lines.
  parseOnly(slice);
  replayLog(slice);

  const parse: Series = { ms: [], ratios: [] };
  const streamed: Series = { ms: [], ratios: [] };
  const kept: Series = { ms: [], ratios: [] };
  // The fold of the kept path alone, events parsed beforehand: what the core costs, whatever the reading costs.
  const foldAlone: Series = { ms: [], ratios: [] };
  // CPU time of the first pair, for information: on a shared machine wall time also counts waiting for a core.
  const parseCpu: Series = { ms: [], ratios: [] };
  const streamedCpu: Series = { ms: [], ratios: [] };
  // The target's pairs first, before anything has kept parsed events; the kept path's repeats after them.
  const streamedStates: State[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const { p, s, pCpu, sCpu, state } = streamedPair(text);
    streamedStates.push(state);
    parse.ms.push(p);
    parseCpu.ms.push(pCpu);
    streamedCpu.ms.push(sCpu);
    streamedCpu.ratios.push(pCpu / sCpu);
    streamed.ms.push(s);
    streamed.ratios.push(p / s);
    console.log(`  repeat ${i + 1}: parse ${p.toFixed(0)} ms, replayLog ${s.toFixed(0)} ms`);
  }

  // Behaviour checks: every fold ends in the same state as one step per event.
  const byStep = stepEach(slice);
  if (!isDeepStrictEqual(replay(parseLog(slice).events), byStep)) throw new Error('replay differs from stepping one by one');
  const sliceLog = replayLog(slice);
  if (!isDeepStrictEqual(sliceLog.state, byStep)) throw new Error('replayLog differs from stepping one by one');
  console.log(`slice: ${sliceLog.events} events, ${sliceLog.bad.length} bad lines, ${byStep.rejections.count} rejected by the core`);

  for (let i = 0; i < REPEATS; i++) {
    const { p, read, folded, state } = keptRepeat(text);
    if (i === 0 && !isDeepStrictEqual(streamedStates[0], state)) throw new Error('replayLog and parseLog + replay disagree on the day log');
    const k = read + folded;
    foldAlone.ms.push(folded);
    foldAlone.ratios.push(p / folded);
    parse.ms.push(p);
    kept.ms.push(k);
    kept.ratios.push(p / k);
    console.log(`  repeat ${i + 1}: parse ${p.toFixed(0)} ms, parseLog + replay ${k.toFixed(0)} ms`);
  }
  const sliceParse: Series = { ms: [], ratios: [] };
  const each: Series = { ms: [], ratios: [] };
  for (let i = 0; i < 3; i++) {
    const [, p] = timed(() => parseOnly(slice));
    const [, e] = timed(() => stepEach(slice));
    sliceParse.ms.push(p);
    each.ms.push(e);
    each.ratios.push(p / e);
  }

  const figures: Figure[] = [
    { ...figure('JSON.parse only (baseline)', EVENTS, parse, parse, null), baseline: null, ratio: 1, target: '-' },
    figure('parse + core (replayLog)', EVENTS, streamed, parse, 0.8),
    figure('the same in CPU time', EVENTS, streamedCpu, parseCpu, null),
    figure('parseLog + replay (kept)', EVENTS, kept, parse, null),
    figure('the fold alone (kept events)', EVENTS, foldAlone, parse, null),
    figure('one step per event (100k)', SLICE, each, sliceParse, null),
  ];
  report('replayThroughput', figures, { events: EVENTS, repeats: REPEATS, seconds: (performance.now() - started) / 1000 });
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main();
