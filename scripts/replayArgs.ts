/**
 * `npm run replay`'s command line: what each option means, read into one command, or the one-line reason it
 * cannot be (then the CLI prints it with the usage and exits 2). An option it does not know, a second file
 * name, a bad time are such reasons: nothing is silently ignored. Pure.
 */
import { EVENT_KINDS, type EventKind } from '../core/log/search';

export const USAGE = `usage: npm run replay -- FILE [options]
  (no option)                    a readable timeline (routes, alerts, connection, movement, rejections);
                                 --at T stops it at T
  --json [--at T]                the observable state after the log (or at T) as one JSON object
  --find TEXT [--kind K]... [--json]
                                 every event whose line holds TEXT (any case; "" for every event), one line
                                 each: ISO time, type, summary. --kind narrows to robot, operator, call,
                                 timer or rejected (repeat it, or a comma list). "N found" goes to stderr, so
                                 stdout holds only the matches. With --json, JSON Lines: one
                                 {"index","at","type","kinds","summary"} per match, then {"total":N}
  --diff A B [--json]            what changed in the observable state (the --json object) from A to B, path by
                                 path, grouped by slice, with the value at A and at B (either order). With
                                 --json, the slices as [{"slice","paths":[{"path","a","b"}]}]; a value left
                                 out is a path absent at that moment
  --from T --to T --out CLIP.jsonl
                                 a clip: the state at --from as its first line, then the events up to --to
  --mcap OUT.mcap                the log as MCAP (Foxglove, Lichtblick)
  --help                         this text
A time T is milliseconds since the epoch (1795339815000) or an ISO time with its zone
(2026-11-22T09:30:15.000Z), as the timeline prints it. FILE may be a .jsonl log or an .mcap written by --mcap.`;

/** What the command line asks for. */
export type Command =
  | { mode: 'help' }
  | { mode: 'timeline'; file: string; at?: number }
  | { mode: 'state'; file: string; at?: number }
  | { mode: 'find'; file: string; text: string; kinds: EventKind[]; json: boolean }
  | { mode: 'diff'; file: string; a: number; b: number; json: boolean }
  | { mode: 'clip'; file: string; from: number; to: number; out: string }
  | { mode: 'mcap'; file: string; out: string };

/** How many values each option takes. */
const OPTIONS = { '--json': 0, '--help': 0, '--at': 1, '--from': 1, '--to': 1, '--out': 1, '--mcap': 1, '--find': 1, '--kind': 1, '--diff': 2 } as const;
type Option = keyof typeof OPTIONS;
const isOption = (arg: string): arg is Option => Object.hasOwn(OPTIONS, arg);
/** Options that may be given more than once. */
const REPEATABLE: readonly Option[] = ['--kind'];
/** Options that choose what the command does; at most one of them. */
const MODES: readonly Option[] = ['--find', '--diff', '--mcap', '--out'];

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const MS = /^-?\d+(?:\.\d+)?$/;

/**
 * A time as the command line gives it: milliseconds since the epoch, or an ISO time with its zone (`Z` or an
 * offset: a time without one would mean the machine's own zone). Null when it is neither, or no such day.
 */
export function parseTime(raw: string): number | null {
  if (MS.test(raw)) return Number(raw);
  const m = ISO.exec(raw);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  // Date.parse rolls 2026-02-30 over into March: the fields must be a real date and time.
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  if (day.getUTCMonth() !== mo! - 1 || day.getUTCDate() !== d! || h! > 23 || mi! > 59 || (s ?? 0) > 59) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

/** The command `args` (the words after `--`) ask for, or why they ask for none. */
export function parseArgs(args: readonly string[]): Command | string {
  const values = new Map<Option, string[][]>();
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-') || arg === '-' || MS.test(arg)) {
      files.push(arg);
      continue;
    }
    if (!isOption(arg)) return `unknown option ${arg}`;
    const taken = args.slice(i + 1, i + 1 + OPTIONS[arg]);
    if (taken.length < OPTIONS[arg] || taken.some((v) => v.startsWith('--'))) return `${arg} needs ${OPTIONS[arg] === 2 ? 'two values' : 'a value'}`;
    if (values.has(arg) && !REPEATABLE.includes(arg)) return `${arg} is given twice`;
    values.set(arg, [...(values.get(arg) ?? []), taken]);
    i += taken.length;
  }
  if (values.has('--help')) return { mode: 'help' };
  if (files.length === 0) return 'no FILE given';
  if (files.length > 1) return `one FILE only: unexpected ${files[1]}`;
  const file = files[0]!;
  const one = (option: Option): string | undefined => values.get(option)?.[0]?.[0];
  const time = (option: Option, raw = one(option)): number | string | undefined => {
    if (raw === undefined) return undefined;
    return parseTime(raw) ?? `${option} takes a time in milliseconds since the epoch or an ISO time with its zone (2026-11-22T09:30:15.000Z), not ${raw}`;
  };
  const modes = MODES.filter((m) => values.has(m));
  if (values.has('--kind') && modes[0] !== '--find') return '--kind narrows a --find';
  if (modes.length > 1) return `${modes[0]} and ${modes[1]} cannot be used together`;
  const json = values.has('--json');
  const at = time('--at');
  if (typeof at === 'string') return at;
  const allowed = (mode: Option | null, ...known: Option[]): string | null => {
    const stray = [...values.keys()].find((o) => o !== mode && !known.includes(o));
    return stray ? `${stray} does not go with ${mode ?? (json ? '--json' : 'a timeline')}` : null;
  };

  switch (modes[0]) {
    case '--find': {
      const kinds = kindsOf(values.get('--kind') ?? []);
      if (typeof kinds === 'string') return kinds;
      return allowed('--find', '--kind', '--json') ?? { mode: 'find', file, text: one('--find')!, kinds, json };
    }
    case '--diff': {
      const [rawA, rawB] = values.get('--diff')![0]!;
      const a = time('--diff', rawA);
      const b = time('--diff', rawB);
      if (typeof a === 'string') return a;
      if (typeof b === 'string') return b;
      return allowed('--diff', '--json') ?? { mode: 'diff', file, a: a!, b: b!, json };
    }
    case '--mcap':
      return allowed('--mcap') ?? { mode: 'mcap', file, out: one('--mcap')! };
    case '--out': {
      const from = time('--from');
      const to = time('--to');
      if (typeof from === 'string') return from;
      if (typeof to === 'string') return to;
      if (from === undefined || to === undefined) return 'a clip needs --from, --to and --out';
      if (from > to) return '--from must not be after --to';
      return allowed('--out', '--from', '--to') ?? { mode: 'clip', file, from, to, out: one('--out')! };
    }
    default: {
      if (values.has('--from') || values.has('--to')) return 'a clip needs --from, --to and --out';
      return allowed(null, '--json', '--at') ?? { mode: json ? 'state' : 'timeline', file, ...(at === undefined ? {} : { at }) };
    }
  }
}

/** The kinds `--kind` names (each value one kind or a comma list), or which one is unknown. */
function kindsOf(given: readonly string[][]): EventKind[] | string {
  const kinds: EventKind[] = [];
  for (const word of given.flat().flatMap((v) => v.split(','))) {
    const kind = word.trim();
    if (!(EVENT_KINDS as readonly string[]).includes(kind)) return `--kind takes ${EVENT_KINDS.join(', ')}, not "${kind}"`;
    if (!kinds.includes(kind as EventKind)) kinds.push(kind as EventKind);
  }
  return kinds;
}
