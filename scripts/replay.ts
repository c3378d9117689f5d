/**
 * Replays a recorded event log (JSON Lines, or MCAP) through the core in Node.
 *   npm run replay -- FILE                              a readable timeline (routes, alerts, connection, movement, rejections)
 *   npm run replay -- FILE --json [--at MS]             the observable state after the log (or at MS), map screens included, as one JSON object
 *   npm run replay -- FILE --from MS --to MS --out CLIP.jsonl
 *                                                       a clip: the state at MS as its first line, then the events up to --to
 *   npm run replay -- FILE --mcap OUT.mcap              the log as MCAP (Foxglove, Lichtblick)
 * FILE may be an .mcap written by --mcap (or by the replay page): it reads back to the same log.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseLog, type LogHeader } from '../core/log/eventLog';
import type { CoreEvent } from '../core/events';
import { replay, replayedView } from '../core/log/replay';
import { observable } from '../core/selectors';
import { describeChanges, formatEntry } from '../core/log/timeline';
import { makeClip, startGrids, startState } from '../core/log/clip';
import { isMcap, logToMcap, mcapToLog } from '../worker/mcapLog';

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

async function load(path: string): Promise<{ header: LogHeader | null; events: CoreEvent[] }> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    fail(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (isMcap(bytes)) {
    const log = await mcapToLog(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (typeof log === 'string') {
      console.error(`${path}: ${log}`);
      process.exit(1);
    }
    return log;
  }
  const log = parseLog(bytes.toString('utf8'));
  for (const bad of log.bad) console.error(`line ${bad.line} skipped: ${bad.reason}`);
  return log;
}

const { header, events } = await load(file);
const start = startState(header);
if (typeof start === 'string') {
  console.error(`${file}: ${start}`);
  process.exit(1);
}
// A clip's map image on show at its start, so its taps are hit-tested as they were.
const grids = startGrids(header);
const { format: _f, version: _v, ...meta } = header ?? { format: 'kiosk-event-log', version: 1 };

if (mcapOut !== undefined) {
  writeFileSync(mcapOut, await logToMcap(header, events));
  console.error(`${events.length} events written to ${mcapOut}`);
} else if (out !== undefined && from !== undefined && to !== undefined) {
  const { snapshot: _s, clip: _c, snapshotMap: _m, ...rest } = meta;
  writeFileSync(out, makeClip(events, from, to, start, { ...rest, clipOf: file }, grids));
  console.error(`clip ${new Date(from).toISOString()} .. ${new Date(to).toISOString()} written to ${out}`);
} else if (json) {
  const state = replay(events, until === undefined ? { grids } : { until, grids }, start);
  process.stdout.write(`${JSON.stringify(replayedView(state))}\n`);
} else {
  const lines: string[] = [];
  const state = replay(
    events,
    {
      ...(until === undefined ? {} : { until }),
      grids,
      onStep: (before, after, event) => {
        for (const entry of describeChanges(before, after, event)) lines.push(formatEntry(entry));
      },
    },
    start,
  );
  process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
  const o = observable(state);
  process.stdout.write(
    `-- ${events.length} events, ${o.rejected} rejected; final route ${o.route}, alert ${o.alert.type ?? 'none'}, movement ${o.movement.state}\n`,
  );
}
