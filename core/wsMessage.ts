/** Reads one `/ws` frame: checks it against the table of api.md and hands it to its slice. */
import { log } from './context';
import type { WsEvent } from './events';
import { rejected, zodReason } from './rejections';
import { onSlice, type Handler, type Turn } from './turn';
import { frameValueProblem } from './frameLimits';
import { wsDataSchemas, wsFastChecks, type WsData, type WsEventName, type WsFrame } from './schemas/ws';
import * as connection from './connection/connection';
import { alertUpdate } from './alerts/alerts';
import { batteryState } from './batteries/batteries';
import { movementProgress, movementReady } from './movement/movement';
import { followFound, followLost } from './follow/follow';
import { acceptMap } from './map/accept';

const MAX_REASON_RAW = 80;

/**
 * The table's event names, each with its cheap check (null when it has none). A frame's name is a string
 * JSON.parse made, and a keyed read of an object with it cost as much as a robot frame's handler; one Map
 * lookup answers both questions (a Map holds only these names, so `__proto__` and the like are unknown).
 */
const KNOWN_EVENTS = new Map(Object.keys(wsDataSchemas).map((name) => [name, wsFastChecks[name as WsEventName] ?? null] as const));

/** A frame that does not fit: the rejection's source and reason. */
export class FrameRejected {
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {}
}

/** A frame whose event name is not in the table (logged and ignored). */
export class FrameUnknown {
  constructor(readonly name: string) {}
}

/**
 * Checks a frame against the table of api.md, without touching state: the frame to handle, or why not.
 */
export function readFrame(event: Extract<WsEvent, { type: 'ws/message' }>): WsFrame | FrameRejected | FrameUnknown {
  const message = event.message;
  if (event.refused !== undefined) return new FrameRejected('ws', `frame refused (${event.refused}): ${String(event.raw ?? '').slice(0, MAX_REASON_RAW)}`);
  if (message === undefined) return new FrameRejected('ws', `frame is not JSON: ${String(event.raw ?? '').slice(0, MAX_REASON_RAW)}`);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return new FrameRejected('ws', 'frame is not an object');
  // A frame from a log was checked by no worker: the same limits, on the parsed value, before any schema.
  const tooCostly = frameValueProblem(message);
  if (tooCostly !== null) return new FrameRejected('ws', `frame refused (${tooCostly})`);
  const name = (message as { event?: unknown }).event;
  if (typeof name !== 'string') return new FrameRejected('ws', 'frame has no event name');
  const fast = KNOWN_EVENTS.get(name);
  if (fast === undefined) return new FrameUnknown(name);
  const data = (message as { data?: unknown }).data;
  // The common frames skip zod when a cheap check passes them (see wsFastChecks: same result, a fifth of the time).
  // The message itself serves as the frame: handlers read only its `event` and `data` (no copy a frame).
  if (fast?.(data)) return message as WsFrame;
  const parsed = wsDataSchemas[name as WsEventName].safeParse(data);
  if (!parsed.success) return new FrameRejected(`ws ${name}`, zodReason(parsed.error));
  return { event: name, data: parsed.data } as WsFrame;
}

/** The log line for a frame whose event name is not in the table. */
export function unknownFrameLine(name: string): string {
  return `ignored unknown ws event ${name.slice(0, MAX_REASON_RAW)}`;
}

/** Each frame of the table of api.md and what takes it: a missing one is a compile error. */
const FRAMES = {
  'robot/connected': onSlice('connection', connection.robotConnected),
  'robot/disconnected': onSlice('connection', connection.robotDisconnected),
  'backend/connected': onSlice('connection', connection.backendConnected),
  'backend/disconnected': onSlice('connection', connection.backendDisconnected),
  'robot/battery_state': onSlice('batteries', batteryState),
  'robot/alert_update': onSlice('alerts', alertUpdate),
  'robot/userFollowed': onSlice('follow', followFound),
  'robot/lostFollowedUser': onSlice('follow', followLost),
  'mapping/mapUpdate': onSlice('map', acceptMap),
  'movement/ready': onSlice('movement', movementReady),
  'movement/started': onSlice('movement', movementProgress('movement/started')),
  'movement/arriving': onSlice('movement', movementProgress('movement/arriving')),
  'movement/completed': onSlice('movement', movementProgress('movement/completed')),
  'movement/failed': onSlice('movement', movementProgress('movement/failed')),
} satisfies { [E in WsEventName]: Handler<WsData<E>> };

const REJECTED = onSlice('rejections', rejected);

/** Validates a frame and hands it to its handler; a frame that does not fit is rejected and changes nothing else. */
export function wsMessage(turn: Turn, event: Extract<WsEvent, { type: 'ws/message' }>): void {
  const read = readFrame(event);
  if (read instanceof FrameRejected) turn.apply(REJECTED, read);
  else if (read instanceof FrameUnknown) log(turn, 'info', unknownFrameLine(read.name));
  else turn.apply(FRAMES[read.event] as Handler<unknown>, read.data);
}

export function assertNever(x: never): never {
  throw new Error(`unhandled: ${JSON.stringify(x)}`);
}
