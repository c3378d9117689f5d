/**
 * The replay worker's indexing path in Node, for profiling and for comparing changes to it (bench/README.md at f0de46c,
 * issue 17): a generated log's bytes are fed in 16 kB pieces to the line splitter and the log reader, as
 * worker/replaySession.ts does, and each batch goes to one of:
 * - `parse`: nothing (the reading alone: decode, split, JSON.parse);
 * - `fold`: the fold in batches with the map grids, no markers (`foldWithGrids`);
 * - `index`: the worker's index builder (checkpoints and markers: core/log/logIndex.ts).
 * Prints CPU milliseconds per mode, the median of `RUNS` rounds interleaved, and the markers found.
 * Usage: `npx tsx bench/scale/indexRun.ts [EVENTS] [MODES]`, e.g. `300000 parse,fold,index`; run under
 * `node --cpu-prof --import tsx` for a profile.
 */
import { setAutoFreeze } from 'immer';
import { LogReader } from '../../core/log/eventLog';
import { LogIndexBuilder } from '../../core/log/logIndex';
import { LogGrids, foldWithGrids } from '../../core/log/logGrids';
import { startGrids, startState } from '../../core/log/clip';
import type { State } from '../../core/state';
import { LineSplitter } from '../../worker/lineSplitter';
import { generateRobotLog } from '../replay/robotLog';

setAutoFreeze(false); // as the replay worker (worker/replayWorker.ts)

const EVENTS = Number(process.argv[2] ?? 300_000);
const MODES = (process.argv[3] ?? 'parse,fold,index').split(',');
const RUNS = Number(process.env.RUNS ?? 3);
const PIECE = Number(process.env.PIECE ?? 16 * 1024);

const bytes = new TextEncoder().encode(generateRobotLog(EVENTS, 7).join('\n') + '\n');

function run(mode: string): { cpuMs: number; events: number; markers: number; checkpoints: number } {
  const cpu0 = process.cpuUsage();
  let events = 0;
  let markers = 0;
  let builder: LogIndexBuilder | null = null;
  let state: State | null = null;
  let grids: LogGrids | null = null;
  const reader = new LogReader(
    2_000,
    (batch, _offset, _starts, ends) => {
      events += batch.length;
      if (mode === 'parse') return;
      if (mode === 'fold') {
        if (!state) {
          state = startState(reader.header, batch[0]) as State;
          grids = startGrids(reader.header);
        }
        state = foldWithGrids(state, batch, events - batch.length, grids!);
        return;
      }
      builder ??= new LogIndexBuilder(startState(reader.header, batch[0]) as State, 0, startGrids(reader.header), 1_000, 160 * 1024);
      builder.add(batch, ends);
      markers += builder.takeMarkers().length;
    },
    undefined,
    undefined,
    () => {},
  );
  const splitter = new LineSplitter((line, start, end) => reader.readLine(line, start, end));
  for (let at = 0; at < bytes.byteLength; at += PIECE) {
    splitter.push(bytes.subarray(at, at + PIECE));
    reader.flush(splitter.position);
  }
  splitter.end();
  reader.end(splitter.position);
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000, events, markers, checkpoints: (builder as LogIndexBuilder | null)?.checkpoints.length ?? 0 };
}

const samples = new Map<string, number[]>(MODES.map((m) => [m, []]));
const last: Record<string, unknown> = {};
for (let r = 0; r < RUNS; r++) {
  for (const mode of MODES) {
    const result = run(mode);
    samples.get(mode)!.push(result.cpuMs);
    last[mode] = result;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
for (const mode of MODES) {
  const xs = samples.get(mode)!;
  const r = last[mode] as { events: number; markers: number; checkpoints: number };
  console.log(`${mode.padEnd(6)} CPU median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')}), ${((median(xs) * 1000) / r.events).toFixed(2)} us/event, ${r.events} events, ${r.markers} markers, ${r.checkpoints} checkpoints`);
}
