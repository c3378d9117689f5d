/** Schemas of every `/ws` event's `data` (api.md "Event socket"), each built on its first use (once.ts). */
import * as z from 'zod/mini';
import { batterySchema, mapSchema } from './entities';
import { once } from './once';

const empty = once(() => z.object({}));
const codes = once(() => z.array(z.string()));
const movement = once(() =>
  z.object({
    mission_definition_id: z.int().check(z.positive()),
    step_index: z.int().check(z.nonnegative()),
  }),
);

export const wsDataSchemas = {
  'robot/connected': empty,
  'robot/disconnected': empty,
  'backend/connected': empty,
  'backend/disconnected': empty,
  'robot/battery_state': once(() => z.object({ batteries: z.array(batterySchema()) })),
  'robot/alert_update': once(() =>
    z.object({
      activated_errors: codes(),
      activated_warnings: codes(),
      resolved_errors: codes(),
      resolved_warnings: codes(),
    }),
  ),
  'robot/userFollowed': empty,
  'robot/lostFollowedUser': empty,
  'mapping/mapUpdate': mapSchema,
  'movement/ready': once(() => z.extend(movement(), { duration: z.number().check(z.nonnegative()) })),
  'movement/started': movement,
  'movement/arriving': movement,
  'movement/completed': movement,
  'movement/failed': once(() => z.extend(movement(), { reason: z.optional(z.string().check(z.maxLength(500))) })),
} as const;

export type WsEventName = keyof typeof wsDataSchemas;
export type WsData<E extends WsEventName> = z.infer<ReturnType<(typeof wsDataSchemas)[E]>>;

export const wsEnvelopeSchema = once(() => z.object({ event: z.string(), data: z.unknown() }));

/** A frame that fits the table: the event name with its typed data. */
export type WsFrame = { [E in WsEventName]: { event: E; data: WsData<E> } }[WsEventName];

export function isKnownWsEvent(name: string): name is WsEventName {
  return Object.prototype.hasOwnProperty.call(wsDataSchemas, name);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * Whether every key of `v` (inherited enumerable ones too, as the limits walk counts them) is one of the
 * names given. Keys from JSON.parse are internalized strings, so each comparison is a pointer's.
 */
export function keysAmong(v: object, a: string, b = a, c = a, d = a): boolean {
  for (const key in v) if (key !== a && key !== b && key !== c && key !== d) return false;
  return true;
}
/** An object with no key at all: the data of the frames that carry none. */
function isEmpty(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const _key in v) return false;
  return true;
}
const isFraction = (v: unknown) => v === undefined || v === null || (typeof v === 'number' && v >= 0 && v <= 1);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPoint = (v: unknown): v is Record<string, unknown> => isObject(v) && isFiniteNumber(v.x) && isFiniteNumber(v.y);
const isPose = (v: unknown) => isPoint(v) && isFiniteNumber(v.orientation) && keysAmong(v, 'x', 'y', 'orientation');

/**
 * The longest list a cheap check passes: a robot has a few batteries and a few alerts. A longer list takes
 * zod's path, after the limits walk; with this bound the largest frame a check passes keeps FRAME_LIMITS
 * (tests/core/fastPaths.test.ts builds it).
 */
export const FAST_MAX_ITEMS = 1_000;

// Loops rather than `every` with a callback: these run for nearly every frame of a log.
function isCodes(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > FAST_MAX_ITEMS) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}
function isBatteries(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > FAST_MAX_ITEMS) return false;
  for (let i = 0; i < v.length; i++) {
    const b: unknown = v[i];
    if (!isObject(b) || !isFraction(b.charge) || !isFraction(b.health) || !keysAmong(b, 'charge', 'health')) return false;
  }
  return true;
}
const isMovement = (v: unknown): v is Record<string, unknown> =>
  isObject(v) &&
  Number.isSafeInteger(v.mission_definition_id) &&
  (v.mission_definition_id as number) > 0 &&
  Number.isSafeInteger(v.step_index) &&
  (v.step_index as number) >= 0;
const MOVEMENT_ID = 'mission_definition_id';
const STEP = 'step_index';

/**
 * Cheap checks for the frames a robot sends many times a second; zod was a fifth of the core's time in the
 * replay benchmark. Each returns true only for data its schema above accepts, and exists only for events
 * whose handler reads fields of the data instead of keeping the parsed object, so handing it the frame's own
 * data gives the same result as zod's stripped copy. Anything a check does not pass goes to zod, which
 * decides and writes the rejection reason. Pure.
 *
 * Each check is strict, so what it passes is small by construction: it refuses a key its schema does not name,
 * at every level, and a list longer than FAST_MAX_ITEMS. A frame whose envelope is strict too (core/wsMessage.ts)
 * then keeps the frame limits without walking it; zod strips such keys, so refusing them here changes no result.
 */
export const wsFastChecks: { readonly [E in WsEventName]?: (data: unknown) => boolean } = {
  'robot/connected': isEmpty,
  'robot/disconnected': isEmpty,
  'backend/connected': isEmpty,
  'backend/disconnected': isEmpty,
  'robot/userFollowed': isEmpty,
  'robot/lostFollowedUser': isEmpty,
  'robot/battery_state': (v) => isObject(v) && isBatteries(v.batteries) && keysAmong(v, 'batteries'),
  'robot/alert_update': (v) =>
    isObject(v) &&
    isCodes(v.activated_errors) &&
    isCodes(v.activated_warnings) &&
    isCodes(v.resolved_errors) &&
    isCodes(v.resolved_warnings) &&
    keysAmong(v, 'activated_errors', 'activated_warnings', 'resolved_errors', 'resolved_warnings'),
  'movement/ready': (v) =>
    isMovement(v) && typeof v.duration === 'number' && v.duration >= 0 && v.duration <= Number.MAX_VALUE && keysAmong(v, MOVEMENT_ID, STEP, 'duration'),
  'movement/started': (v) => isMovement(v) && keysAmong(v, MOVEMENT_ID, STEP),
  'movement/arriving': (v) => isMovement(v) && keysAmong(v, MOVEMENT_ID, STEP),
  'movement/completed': (v) => isMovement(v) && keysAmong(v, MOVEMENT_ID, STEP),
  'movement/failed': (v) =>
    isMovement(v) && (v.reason === undefined || (typeof v.reason === 'string' && v.reason.length <= 500)) && keysAmong(v, MOVEMENT_ID, STEP, 'reason'),
  // The map handlers copy origin and robot field by field (core/map/accept.ts), so the frame's own objects serve.
  'mapping/mapUpdate': (v) =>
    isObject(v) &&
    typeof v.image === 'string' &&
    isPoint(v.origin) &&
    keysAmong(v.origin, 'x', 'y') &&
    isFiniteNumber(v.resolution) &&
    v.resolution > 0 &&
    isPose(v.robot) &&
    keysAmong(v, 'image', 'origin', 'resolution', 'robot'),
};
