/** Reads one `/ws` frame: checks it against the table of api.md and hands it to its handler. */
import { log } from './context';
import type { WsEvent } from './events';
import { rejected, zodReason } from './rejections';
import { onSlice, type Handler, type Turn } from './turn';
import { frameValueProblem } from './frameLimits';
import { check } from './schemas/check';
import { keysAmong, wsDataSchemas, wsFastChecks, type WsEventName } from './schemas/ws';
import { FRAMES } from './areas';

const MAX_REASON_RAW = 80;

/** What reading a frame of one event name needs: its cheap check (null when none), its schema, its handler. */
interface FrameEntry {
  fast: ((data: unknown) => boolean) | null;
  schema: (typeof wsDataSchemas)[WsEventName];
  handler: Handler<unknown>;
}

/**
 * The table's event names with all a frame of each needs. A frame's name is a string JSON.parse made, and a
 * keyed read of an object with it cost as much as a robot frame's handler; one Map lookup answers everything
 * (a Map holds only these names, so `__proto__` and the like are unknown).
 */
const ENTRIES = new Map<string, FrameEntry>(
  (Object.keys(FRAMES) as WsEventName[]).map((name) => [
    name,
    { fast: wsFastChecks[name] ?? null, schema: wsDataSchemas[name], handler: FRAMES[name] as Handler<unknown> },
  ]),
);

const REJECTED = onSlice('rejections', rejected);

/** The log line for a frame whose event name is not in the table. */
export function unknownFrameLine(name: string): string {
  return `ignored unknown ws event ${name.slice(0, MAX_REASON_RAW)}`;
}

/**
 * Checks one `/ws` frame against the table of api.md and hands its data to its handler. A frame that does not
 * fit is rejected and changes nothing else; one whose event name is not in the table is logged and ignored.
 */
export function wsMessage(turn: Turn, event: Extract<WsEvent, { type: 'ws/message' }>): void {
  const message = event.message;
  if (event.refused !== undefined) return refuse(turn, 'ws', `frame refused (${event.refused}): ${String(event.raw ?? '').slice(0, MAX_REASON_RAW)}`);
  if (message === undefined) return refuse(turn, 'ws', `frame is not JSON: ${String(event.raw ?? '').slice(0, MAX_REASON_RAW)}`);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return refuse(turn, 'ws', 'frame is not an object');
  const name = (message as { event?: unknown }).event;
  const entry = typeof name === 'string' ? ENTRIES.get(name) : undefined;
  const data = (message as { data?: unknown }).data;
  // The common frames skip zod when their cheap check passes them (see wsFastChecks: same result, a fifth of
  // the time); the frame's own data serves then, as its handler only reads it. The check is strict, so with an
  // envelope of nothing but `event` and `data` the frame is proven to keep the limits: no walk either.
  if (entry?.fast && keysAmong(message, 'event', 'data') && entry.fast(data)) return turn.apply(entry.handler, data);
  // A frame from a log was checked by no worker: the same limits, on the parsed value, before any schema.
  const tooCostly = frameValueProblem(message);
  if (tooCostly !== null) return refuse(turn, 'ws', `frame refused (${tooCostly})`);
  if (typeof name !== 'string') return refuse(turn, 'ws', 'frame has no event name');
  if (entry === undefined) return log(turn, 'info', unknownFrameLine(name));
  const parsed = check(entry.schema(), data);
  if (!parsed.success) return refuse(turn, `ws ${name}`, zodReason(parsed.error));
  turn.apply(entry.handler, parsed.data);
}

function refuse(turn: Turn, source: string, reason: string): void {
  turn.apply(REJECTED, { source, reason });
}
