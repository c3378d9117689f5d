/**
 * The debugger's questions of a replayed state, answered alike on the replay page (worker/replayInspect.ts) and by
 * `npm run replay` (scripts/): what an event changed (the paths of the observable state, `replayedView`, with their
 * values before and after, and the effects it produced), and what changed between two moments, grouped by
 * slice (the view's top-level keys). Values are the view's own: plain data, no secret (the core holds none).
 * Pure.
 */
import type { CoreEvent } from '../events';
import type { Effect } from '../effects';
import type { State } from '../state';
import type { MapSide } from '../map/grid';
import { step } from '../step';
import type { TimerId } from '../timers';
import { beforeEvent } from './restarts';
import { replayedView } from './replay';

/** The observable state at a moment: what `npm run replay -- FILE --json --at MS` prints. */
export type StateView = ReturnType<typeof replayedView>;

/** A path (dot-separated keys and array indices, `movement.failReason`, `batteries.0`) and its two values. */
export interface PathChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** What an effect was for, as the panel lists it. */
export type EffectKind = 'call' | 'send' | 'navigation' | 'timer' | 'map' | 'socket' | 'log' | 'secret';

/** One effect of an event, in a line (a map image's pixels, a frame's whole body are never copied into it). */
export interface EffectRow {
  kind: EffectKind;
  text: string;
}

/** What one event changed: the view's paths before and after it, and its effects in order. */
export interface StepChanges {
  paths: PathChange[];
  effects: EffectRow[];
}

/** The changes of one slice between two moments: each path with its value at A and at B. */
export interface SliceChanges {
  slice: string;
  paths: { path: string; a: unknown; b: unknown }[];
}

/** The longest text of an effect's line. */
const MAX_TEXT = 160;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf path whose value differs between `before` and `after` (plain JSON data), in key order. */
export function changedPaths(before: unknown, after: unknown, prefix = ''): PathChange[] {
  const out: PathChange[] = [];
  collect(before, after, prefix, out);
  return out;
}

function collect(before: unknown, after: unknown, path: string, out: PathChange[]): void {
  if (Object.is(before, after)) return;
  const join = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) collect(before[i], after[i], join(i), out);
    return;
  }
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) collect(before[key], after[key], join(key), out);
    return;
  }
  out.push({ path, before, after });
}

/** The changes from view `a` to view `b`, grouped by slice in the view's order. */
export function compareViews(a: StateView, b: StateView): SliceChanges[] {
  const slices = new Map<string, SliceChanges>();
  for (const change of changedPaths(a, b)) {
    const dot = change.path.indexOf('.');
    const slice = dot < 0 ? change.path : change.path.slice(0, dot);
    let group = slices.get(slice);
    if (!group) slices.set(slice, (group = { slice, paths: [] }));
    group.paths.push({ path: change.path, a: change.before, b: change.after });
  }
  return [...slices.values()];
}

/**
 * What `event` changed, stepped from `before` (the state after the events ahead of it, no closing tick) as the
 * kiosk stepped it: the timers due by its time fire in the same step (a kiosk's own log records the ticks that
 * woke it, so there they are events of their own). `side`: the map grids its taps hit-test on.
 */
export function stepChanges(before: State, event: CoreEvent, side?: MapSide): StepChanges & { after: State; raw: Effect[] } {
  const start = beforeEvent(before, event);
  const result = step(start, event, side);
  return {
    after: result.state,
    raw: result.effects,
    paths: changedPaths(replayedView(before), replayedView(result.state)),
    effects: effectRows(start, result.state, result.effects),
  };
}

/** The effects of a step as rows: its calls and messages in order, then where it went and the timers it set or ended. */
export function effectRows(before: State, after: State, effects: readonly Effect[]): EffectRow[] {
  const rows: EffectRow[] = [];
  for (const e of effects) {
    const row = effectRow(e);
    if (row) rows.push({ kind: row.kind, text: cut(row.text) });
  }
  if (before.route.path !== after.route.path) rows.push({ kind: 'navigation', text: `${before.route.path || '(none)'} -> ${after.route.path}` });
  const ids = new Set([...Object.keys(before.timers), ...Object.keys(after.timers)] as TimerId[]);
  for (const id of ids) {
    const was = before.timers[id];
    const due = after.timers[id];
    if (was === due) continue;
    rows.push({ kind: 'timer', text: due === undefined ? `${id} ended` : `${id} due ${new Date(due).toISOString()}` });
  }
  return rows;
}

function effectRow(e: Effect): EffectRow | null {
  switch (e.type) {
    case 'http/request':
      return { kind: 'call', text: `#${e.id} ${e.method} ${e.path}${e.body === undefined ? '' : ` ${compact(e.body)}`}` };
    case 'ws/send':
    case 'teleop/send':
      return { kind: 'send', text: `${e.type} ${compact(e.message)}` };
    case 'ws/open':
    case 'teleop/open':
    case 'sockets/renew':
      return { kind: 'socket', text: e.type };
    case 'map/image':
      return { kind: 'map', text: `map image for version ${e.version}` };
    case 'log':
      return { kind: 'log', text: `${e.level}: ${e.message}` };
    case 'secret/clear':
      return { kind: 'secret', text: `forget the held ${e.name}` };
    case 'wake':
      return null; // the timers' own rows say what is due
  }
}

function compact(value: unknown): string {
  try {
    return cut(JSON.stringify(value) ?? '');
  } catch {
    return '';
  }
}

function cut(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}
