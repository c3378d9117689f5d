/**
 * Replays a recorded event log (JSON Lines, or MCAP) through the core in Node.
 *   npm run replay -- FILE                              a readable timeline (routes, alerts, connection, movement, rejections)
 *   npm run replay -- FILE --json [--at MS]             the observable state after the log (or at MS), map screens included, as one JSON object
 *   npm run replay -- FILE --from MS --to MS --out CLIP.jsonl
 *                                                       a clip: the state at MS as its first line, then the events up to --to
 *   npm run replay -- FILE --mcap OUT.mcap              the log as MCAP (Foxglove, Lichtblick)
 * FILE may be an .mcap written by --mcap (or by the replay page): it reads back to the same log.
 * Every mode streams the file (scripts/logFile.ts, scripts/replayFile.ts): a log of any size replays in the
 * same memory.
 */
import { replayedView } from '../core/log/replay';
import { observable } from '../core/selectors';
import { formatEntry } from '../core/log/timeline';
import { openLogFile } from './logFile';
import { clipFile, foldFile, mcapFile, timelineOfFile } from './replayFile';

const USAGE = 'usage: npm run replay -- FILE [--json] [--at MS] [--from MS --to MS --out CLIP.jsonl] [--mcap OUT.mcap]';

function fail(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

// Piping into `head` closes stdout early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const args = process.argv.slice(2);
const VALUED = ['--at', '--from', '--to', '--out', '--mcap'];
const valueOf = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) fail(`${flag} needs a value`);
  return v;
};
const timeOf = (flag: string): number | undefined => {
  const raw = valueOf(flag);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) fail(`${flag} takes a time in milliseconds since the epoch`);
  return n;
};
const json = args.includes('--json');
const until = timeOf('--at');
const from = timeOf('--from');
const to = timeOf('--to');
const out = valueOf('--out');
const mcapOut = valueOf('--mcap');
const file = args.find((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1] ?? ''));
if (!file) fail();
if ((from !== undefined || to !== undefined || out !== undefined) && (from === undefined || to === undefined || out === undefined)) {
  fail('a clip needs --from, --to and --out');
}
if (from !== undefined && to !== undefined && from > to) fail('--from must not be after --to');

// Each line that is not an event is said as it is found (a log of any size: none is kept).
const log = await openLogFile(file, (bad) => console.error(`line ${bad.line} skipped: ${bad.reason}`));
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
const failWith: (problem: string) => never = (problem) => {
  console.error(`${file}: ${problem}`);
  process.exit(1);
};

if (mcapOut !== undefined) {
  const count = await mcapFile(log, mcapOut);
  checkRead(count);
  console.error(`${count} events written to ${mcapOut}`);
} else if (out !== undefined && from !== undefined && to !== undefined) {
  const written = await clipFile(log, { from, to }, out, { clipOf: file });
  if (typeof written === 'string') failWith(written);
  console.error(`clip ${new Date(from).toISOString()} .. ${new Date(to).toISOString()} written to ${out}`);
} else if (json) {
  const folded = await foldFile(log, until);
  if (typeof folded === 'string') failWith(folded);
  checkRead(folded.events);
  process.stdout.write(`${JSON.stringify(replayedView(folded.state))}\n`);
} else {
  // Lines go out as they are found, a screenful at a time (a week's timeline would not fit in memory as text).
  let pending: string[] = [];
  const folded = await timelineOfFile(log, until, (entry) => {
    pending.push(formatEntry(entry));
    if (pending.length >= 1_000) {
      process.stdout.write(pending.join('\n') + '\n');
      pending = [];
    }
  });
  if (typeof folded === 'string') failWith(folded);
  if (pending.length) process.stdout.write(pending.join('\n') + '\n');
  checkRead(folded.events);
  const o = observable(folded.state);
  process.stdout.write(
    `-- ${folded.events} events, ${o.rejected} rejected; final route ${o.route}, alert ${o.alert.type ?? 'none'}, movement ${o.movement.state}\n`,
  );
}
