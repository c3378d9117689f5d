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

/** Validates a frame; a frame that does not fit is rejected and changes nothing else. */
export function wsMessage(d: DraftState, ctx: Ctx, event: Extract<WsEvent, { type: 'ws/message' }>): void {
  const message = event.message;
  if (event.refused !== undefined) {
    reject(d, ctx, 'ws', `frame refused (${event.refused}): ${String(event.raw ?? '').slice(0, MAX_REASON_RAW)}`);
    return;
  }
  if (message === undefined) {
    reject(d, ctx, 'ws', `frame is not JSON: ${String(event.raw ?? '').slice(0, MAX_REASON_RAW)}`);
    return;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    reject(d, ctx, 'ws', 'frame is not an object');
    return;
  }
  // A frame from a log was checked by no worker: the same limits, on the parsed value, before any schema.
  const tooCostly = frameValueProblem(message);
  if (tooCostly !== null) {
    reject(d, ctx, 'ws', `frame refused (${tooCostly})`);
    return;
  }
  const name = (message as { event?: unknown }).event;
  if (typeof name !== 'string') {
    reject(d, ctx, 'ws', 'frame has no event name');
    return;
  }
  const fast = KNOWN_EVENTS.get(name);
  if (fast === undefined) {
    log(ctx, 'info', `ignored unknown ws event ${name.slice(0, MAX_REASON_RAW)}`);
    return;
  }
  const data = (message as { data?: unknown }).data;
  // The common frames skip zod when a cheap check passes them (see wsFastChecks: same result, a fifth of the time).
  if (fast?.(data)) {
    handleFrame(d, ctx, { event: name, data } as WsFrame);
    return;
  }
  const parsed = wsDataSchemas[name as WsEventName].safeParse(data);
  if (!parsed.success) {
    reject(d, ctx, `ws ${name}`, zodReason(parsed.error));
    return;
  }
  handleFrame(d, ctx, { event: name, data: parsed.data } as WsFrame);
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
