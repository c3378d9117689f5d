/** Reads one `/ws` frame: checks it against the table of api.md and hands it to its slice. */
import { log, type Ctx, type DraftState } from './context';
import type { WsEvent } from './events';
import { reject, zodReason } from './rejections';
import { frameValueProblem } from './frameLimits';
import { wsDataSchemas, wsFastChecks, type WsEventName, type WsFrame } from './schemas/ws';
import * as connection from './slices/connection';
import { alertUpdate } from './slices/alerts';
import { batteryState } from './slices/batteries';
import { movementProgress, movementReady } from './slices/movement';
import { followFound, followLost } from './slices/follow';
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
 * Checks a frame against the table of api.md, without touching state: the frame to handle, or why not. Both
 * the drafted step (below) and the draft-free one (core/fast/fastStep.ts) read frames through here, so they
 * accept and refuse the same ones.
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

/** Validates a frame; a frame that does not fit is rejected and changes nothing else. */
export function wsMessage(d: DraftState, ctx: Ctx, event: Extract<WsEvent, { type: 'ws/message' }>): void {
  const read = readFrame(event);
  if (read instanceof FrameRejected) reject(d, ctx, read.source, read.reason);
  else if (read instanceof FrameUnknown) log(ctx, 'info', unknownFrameLine(read.name));
  else handleFrame(d, ctx, read);
}

function handleFrame(d: DraftState, ctx: Ctx, frame: WsFrame): void {
  switch (frame.event) {
    case 'robot/connected':
      return connection.robotConnected(d);
    case 'robot/disconnected':
      return connection.robotDisconnected(d, ctx);
    case 'backend/connected':
      return connection.backendConnected(d);
    case 'backend/disconnected':
      return connection.backendDisconnected(d);
    case 'robot/battery_state':
      return batteryState(d, frame.data);
    case 'robot/alert_update':
      return alertUpdate(d, frame.data);
    case 'robot/userFollowed':
      return followFound(d, ctx);
    case 'robot/lostFollowedUser':
      return followLost(d);
    case 'mapping/mapUpdate':
      return acceptMap(d, ctx, frame.data);
    case 'movement/ready':
      return movementReady(d, ctx, frame.data);
    case 'movement/started':
    case 'movement/arriving':
    case 'movement/completed':
    case 'movement/failed':
      return movementProgress(d, ctx, frame.event, frame.data);
    default:
      return assertNever(frame);
  }
}

export function assertNever(x: never): never {
  throw new Error(`unhandled: ${JSON.stringify(x)}`);
}
