/**
 * One Node measurement for `npm run bench:replay-scale`, in a process of its own so its peak resident memory is
 * its own: `replay` streams the file through the CLI's fold (scripts/logFile.ts, scripts/replayFile.ts, as
 * `npm run replay -- FILE --json`); `parse` reads the same stream and `JSON.parse`s every line (the baseline);
 * `whole` is today's whole-text path (read the file as one string, parse every line, fold), for a day's log.
 * Prints one JSON line: wall and CPU milliseconds, events, peak RSS in MB.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { startGrids, startState } from '../../core/log/clip';
import type { State } from '../../core/state';
import { LineSplitter } from '../../worker/lineSplitter';
import { openLogFile } from '../../scripts/logFile';
import { foldFile } from '../../scripts/replayFile';

const [mode, file] = process.argv.slice(2);
if (!file || !['replay', 'parse', 'whole'].includes(mode!)) throw new Error('usage: nodeRun.ts replay|parse|whole FILE');

const t0 = performance.now();
const cpu0 = process.cpuUsage();
let events = 0;
if (mode === 'replay') {
  const log = await openLogFile(file);
  if (typeof log === 'string') throw new Error(log);
  const folded = await foldFile(log);
  if (typeof folded === 'string') throw new Error(folded);
  events = folded.events;
} else if (mode === 'parse') {
  const splitter = new LineSplitter((line) => {
    try {
      JSON.parse(line);
      events += 1;
    } catch {
      // a broken line, as the fold skips it
    }
  });
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) splitter.push(chunk as Buffer);
  splitter.end();
} else {
  const { header, events: all } = parseLog(readFileSync(file, 'utf8'));
  const start = startState(header, all[0]) as State;
  replay(all, { grids: startGrids(header) }, start);
  events = all.length;
}
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({ ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, events, rssMB: process.resourceUsage().maxRSS / 1024 }));
