/**
 * A readable account of what one event changed, for the replay timeline: routes, alerts, connections (and the
 * kiosk's own starts and reloads), movement phases and pauses, mapping (following, its panel, new map versions),
 * rejected inputs and the operator's actions. Pure.
 */
import type { CoreEvent } from '../events';
import type { State } from '../state';
import { alertType } from '../alerts/alerts';
import { operatorAction } from './operatorAction';
import { beforeEvent } from './restarts';

export interface TimelineEntry {
  at: number;
  kind: 'route' | 'alert' | 'connection' | 'movement' | 'map' | 'rejected' | 'operator';
  text: string;
}

const onOff = (v: boolean) => (v ? 'connected' : 'disconnected');

/**
 * The nearest marker time strictly after (1) or before (-1) the moment `from`, or null when there is none that
 * way. One pass (a log's markers are a hundred thousand at most), whatever their order: a log's clock can step
 * back. Pure.
 */
export function markerNear(times: readonly number[], from: number, direction: 1 | -1): number | null {
  let best: number | null = null;
  for (const at of times) {
    if (direction === 1 ? at > from && (best === null || at < best) : at < from && (best === null || at > best)) best = at;
  }
  return best;
}

/**
 * Whether `describeChanges` may find an entry in `event` itself, whatever the states: an operator's action, or a
 * start the shell said the reason of (core/log/markers.ts looks at the states only when this is false).
 */
export function marksItself(event: CoreEvent): boolean {
  return event.type.startsWith('ui/') || (event.type === 'shell/started' && event.reason !== undefined);
}

/**
 * The observable changes between two states, in a fixed order. A start marked with its reason (logs since
 * issue 32) says so on the connection lane, and is compared with the fresh start it makes rather than with
 * the session before it: the sockets and alerts that session leaves behind are the page's restart, not a
 * network drop. The route still reads from the screen shown before it. An old log's `shell/started` has no
 * reason, and its timeline is as it always was.
 */
export function describeChanges(before: State, after: State, event: CoreEvent): TimelineEntry[] {
  const at = event.at;
  const out: TimelineEntry[] = [];
  // The cause before what it changed: the tap first, then the route or movement it led to.
  const action = operatorAction(before, after, event);
  if (action !== null) out.push({ at, kind: 'operator', text: action });
  if (event.type === 'shell/started' && event.reason !== undefined) {
    out.push({ at, kind: 'connection', text: event.reason === 'reload' ? 'kiosk reloaded' : 'kiosk started' });
    before = { ...beforeEvent(before, event), route: before.route };
  }
  if (before.route.path !== after.route.path) {
    out.push({ at, kind: 'route', text: `${before.route.path || '(none)'} -> ${after.route.path}` });
  }
  const a = alertType(before);
  const b = alertType(after);
  if (a !== b) out.push({ at, kind: 'alert', text: `${a ?? 'none'} -> ${b ?? 'none'}` });
  for (const side of ['backend', 'robot'] as const) {
    if (before.connection[side] !== after.connection[side]) {
      out.push({ at, kind: 'connection', text: `${side} ${onOff(after.connection[side])}` });
    }
  }
  const m0 = before.movement;
  const m1 = after.movement;
  if (m0.state !== m1.state) {
    const mission = m1.missionId === null ? '' : ` (mission ${m1.missionId}, step ${m1.stepIndex})`;
    // A failure says why, as the failed dialog does: "why did this mission fail?" is the question a log is read for.
    const reason = m1.state === 'failed' && m1.failReason ? `: ${m1.failReason}` : '';
    out.push({ at, kind: 'movement', text: `${m0.state} -> ${m1.state}${mission}${reason}` });
  }
  // Pausing a mission (the pause dialog, then the stop confirmation) and resuming it.
  if (m0.pause !== m1.pause) out.push({ at, kind: 'movement', text: `pause ${m0.pause} -> ${m1.pause}` });
  out.push(...mapChanges(before, after, at));
  if (after.rejections.count > before.rejections.count) {
    const r = after.rejections;
    const last = r.recent[(r.next + r.recent.length - 1) % r.recent.length];
    out.push({ at, kind: 'rejected', text: last ? `${last.source}: ${last.reason}` : 'rejected' });
  }
  return out;
}

/** Mapping by following a person, its panel (pausing, ending, editing) and each new map image. */
function mapChanges(before: State, after: State, at: number): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  if (before.follow.following !== after.follow.following) out.push({ at, kind: 'map', text: `following ${after.follow.following ? 'on' : 'off'}` });
  const p0 = before.mapEdit.panel;
  const p1 = after.mapEdit.panel;
  if (p0 !== p1) out.push({ at, kind: 'map', text: `mapping panel ${p0} -> ${p1}` });
  const m = after.map;
  if (before.map.version !== m.version && m.version > 0) out.push({ at, kind: 'map', text: `map version ${m.version} (${m.width} x ${m.height} px)` });
  return out;
}

export function formatEntry(e: TimelineEntry): string {
  return `${new Date(e.at).toISOString()}  ${e.kind.padEnd(10)}  ${e.text}`;
}
