/** A one-line account of an event for the replay page's event list: the robot message name, the call, the intent. Pure. */
import type { CoreEvent } from '../events';

/** The longest summary shown; a line, not a dump. */
const MAX = 120;

/** The fields worth a glance, per event family; anything else shows as its compact JSON. */
export function summariseEvent(event: CoreEvent): string {
  const text = describe(event);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

function describe(e: CoreEvent): string {
  switch (e.type) {
    case 'ws/message':
    case 'teleop/message': {
      if (e.message === undefined) return `unreadable frame: ${e.raw ?? ''}`;
      const m = e.message as { event?: unknown; data?: unknown; op?: unknown };
      const name = typeof m.event === 'string' ? m.event : typeof m.op === 'string' ? m.op : '?';
      return `${name} ${compact(m.data ?? {})}`;
    }
    case 'http/response':
      return `#${e.id} ${e.status} ${compact(e.body)}`;
    case 'http/failed':
      return `#${e.id} ${e.reason}`;
    case 'ws/closed':
      return e.code === undefined ? '' : `code ${e.code}`;
    case 'shell/started':
      return `${e.path}${e.search ? `?${e.search}` : ''}`;
    default: {
      const { type: _type, at: _at, ...rest } = e as { type: string; at: number } & Record<string, unknown>;
      return Object.keys(rest).length === 0 ? '' : compact(rest);
    }
  }
}

function compact(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
