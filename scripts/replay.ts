/**
 * Replays a recorded event log through the core in Node.
 *   npm run replay -- FILE            a readable timeline (routes, alerts, connection, movement, rejections)
 *   npm run replay -- FILE --json     the final observable state as one JSON object
 *   --at MS                           only events with at <= MS, then the clock advanced to MS
 */
import { readFileSync } from 'node:fs';
import { parseLog } from '../core/eventLog';
import { replay } from '../core/replay';
import { observable } from '../core/selectors';
import { describeChanges, formatEntry } from '../core/timeline';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npm run replay -- FILE [--json] [--at MS]');
  process.exit(2);
}

// Piping into `head` closes stdout early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const args = process.argv.slice(2);
const json = args.includes('--json');
const atIndex = args.indexOf('--at');
let until: number | undefined;
if (atIndex >= 0) {
  const raw = args[atIndex + 1];
  until = raw === undefined ? Number.NaN : Number(raw);
  if (!Number.isFinite(until)) usage('--at takes a time in milliseconds since the epoch');
}
const file = args.find((a, i) => !a.startsWith('--') && (atIndex < 0 || i !== atIndex + 1));
if (!file) usage();

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  usage(`cannot read ${file}: ${(error as Error).message}`);
}

const log = parseLog(text);
for (const bad of log.bad) console.error(`line ${bad.line} skipped: ${bad.reason}`);

if (json) {
  const state = replay(log.events, until === undefined ? {} : { until });
  process.stdout.write(`${JSON.stringify(observable(state))}\n`);
} else {
  const lines: string[] = [];
  const state = replay(log.events, {
    ...(until === undefined ? {} : { until }),
    onStep: (before, after, event) => {
      for (const entry of describeChanges(before, after, event)) lines.push(formatEntry(entry));
    },
  });
  process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
  const o = observable(state);
  process.stdout.write(
    `-- ${log.events.length} events, ${o.rejected} rejected; final route ${o.route}, alert ${o.alert.type ?? 'none'}, movement ${o.movement.state}\n`,
  );
}
