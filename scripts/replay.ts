/**
 * Replays a recorded event log (JSON Lines, or MCAP) through the core in Node, and asks it the replay page's
 * questions headless (scripts/replayArgs.ts has the full usage, printed by --help and with every mistake):
 *   npm run replay -- FILE [--at T]                     a readable timeline (routes, alerts, connection, movement, rejections)
 *   npm run replay -- FILE --json [--at T]              the observable state after the log (or at T), map screens included, as one JSON object
 *   npm run replay -- FILE --find TEXT [--kind K]... [--json]
 *                                                       every event whose line holds TEXT, as the page's search finds it:
 *                                                       one line each (ISO time, type, summary), "N found" on stderr;
 *                                                       --json: JSON Lines, a match per line then {"total":N}
 *   npm run replay -- FILE --diff A B [--json]          the observable state's changed paths from A to B, by slice, each with
 *                                                       its value at A and at B (--json: compareViews' slices)
 *   npm run replay -- FILE --from T --to T --out CLIP.jsonl
 *                                                       a clip: the state at --from as its first line, then the events up to --to
 *   npm run replay -- FILE --mcap OUT.mcap              the log as MCAP (Foxglove, Lichtblick)
 * A time is epoch milliseconds or an ISO time with its zone (2026-11-22T09:30:15.000Z), as the timeline prints it.
 * An unknown option, a second FILE or a bad time is an error, with the usage, exit code 2.
 * FILE may be an .mcap written by --mcap (or by the replay page): it reads back to the same log.
 * Every mode streams the file (scripts/logFile.ts, scripts/replayFile.ts): a log of any size replays in the
 * same memory.
 */
import { once } from 'node:events';
import { replayedView } from '../core/log/replay';
import { observable } from '../core/selectors';
import { formatEntry } from '../core/log/timeline';
import { compareViews } from '../core/log/inspect';
import { formatMatch } from '../core/log/search';
import { openLogFile } from './logFile';
import { clipFile, foldFile, mcapFile, timelineOfFile, viewsAt } from './replayFile';
import { findInFile } from './replayFind';
import { diffLines } from './replayDiff';
import { USAGE, parseArgs } from './replayArgs';

// Piping into `head` closes stdout early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const command = parseArgs(process.argv.slice(2));
if (typeof command === 'string') {
  console.error(command);
  console.error(USAGE);
  process.exit(2);
}
if (command.mode === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const { file } = command;

// Each line that is not an event is said as it is found (a log of any size: none is kept).
const log = await openLogFile(file, (bad) => console.error(`line ${bad.line} skipped: ${bad.reason}`), command.mode === 'find');
if (typeof log === 'string') {
  console.error(`${file}: ${log}`);
  process.exit(1);
}

/** The end of a reading: a clear word when the log was cut off, or nothing in it was an event. */
const checkRead = (events: number) => {
  if (log.cutOff()) console.error(`${file} ends in the middle of a line (cut off while being written?): that last line was left out`);
  if (events === 0 && log.badLines() > 0) {
    console.error(`${file} is not a kiosk event log: none of its ${log.badLines()} lines is an event`);
    process.exit(1);
  }
};
/**
 * A moment after the log's last event was never recorded: its state is the last one, moved on by the timers due
 * by then (a countdown ended, a lock armed). Said on stderr, so the answer is not taken for a recorded state.
 */
const notePastEnd = (name: string, at: number | undefined, lastAt: number | null) => {
  if (at === undefined || (lastAt !== null && at <= lastAt)) return;
  const end = lastAt === null ? 'the log has no event' : `the log's last event is at ${new Date(lastAt).toISOString()}`;
  console.error(`${name} ${new Date(at).toISOString()} is past the end of the log (${end}): its state was not recorded, only the timers due by then are fired`);
};
const failWith: (problem: string) => never = (problem) => {
  console.error(`${file}: ${problem}`);
  process.exit(1);
};

/**
 * Lines go out as they are found, a batch of events' worth at a time (a week's timeline would not fit in memory as
 * text). Writing to a pipe is asynchronous in Node: the reading waits for a slow reader (`less`, a `grep` behind
 * a slow disk), or the lines not yet taken would pile up in memory.
 */
class Output {
  private pending: string[] = [];
  line(text: string): void {
    this.pending.push(text);
  }
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const taken = process.stdout.write(this.pending.join('\n') + '\n');
    this.pending = [];
    if (!taken) await once(process.stdout, 'drain');
  }
}

switch (command.mode) {
  case 'mcap': {
    const count = await mcapFile(log, command.out);
    checkRead(count);
    console.error(`${count} events written to ${command.out}`);
    break;
  }
  case 'clip': {
    const { from, to, out } = command;
    const written = await clipFile(log, { from, to }, out, { clipOf: file });
    if (typeof written === 'string') failWith(written);
    console.error(`clip ${new Date(from).toISOString()} .. ${new Date(to).toISOString()} written to ${out}`);
    break;
  }
  case 'state': {
    const folded = await foldFile(log, command.at);
    if (typeof folded === 'string') failWith(folded);
    checkRead(folded.events);
    notePastEnd('--at', command.at, folded.lastAt);
    process.stdout.write(`${JSON.stringify(replayedView(folded.state))}\n`);
    break;
  }
  case 'find': {
    const out = new Output();
    const query = { text: command.text, kinds: command.kinds };
    const { found, events } = await findInFile(
      log,
      query,
      (m) => out.line(command.json ? JSON.stringify(m) : formatMatch(m)),
      () => out.flush(),
    );
    await out.flush();
    checkRead(events);
    // The count: the last JSON line, or on stderr so that stdout holds only the matches (for grep, wc, head).
    if (command.json) process.stdout.write(`${JSON.stringify({ total: found })}\n`);
    else console.error(`${found} found`);
    break;
  }
  case 'diff': {
    const { a, b } = command;
    const read = await viewsAt(log, [a, b]);
    if (typeof read === 'string') failWith(read);
    checkRead(read.events);
    // A and B may be the same moment: each is named once.
    for (const at of new Set(read.pastEnd)) notePastEnd(at === a ? 'A' : 'B', at, read.lastAt);
    const slices = compareViews(read.views[0]!, read.views[1]!);
    process.stdout.write(command.json ? `${JSON.stringify(slices)}\n` : `${diffLines(a, b, slices).join('\n')}\n`);
    break;
  }
  case 'timeline': {
    const out = new Output();
    const folded = await timelineOfFile(
      log,
      command.at,
      (entry) => out.line(formatEntry(entry)),
      () => out.flush(),
    );
    if (typeof folded === 'string') failWith(folded);
    await out.flush();
    checkRead(folded.events);
    notePastEnd('--at', command.at, folded.lastAt);
    const o = observable(folded.state);
    process.stdout.write(
      `-- ${folded.events} events, ${o.rejected} rejected; final route ${o.route}, alert ${o.alert.type ?? 'none'}, movement ${o.movement.state}\n`,
    );
    break;
  }
}
