/** Schemas of every `/ws` event's `data` (api.md "Event socket"). */
import * as z from 'zod/mini';
import { batterySchema, mapSchema } from './entities';

const empty = z.object({});
const codes = z.array(z.string());
const movement = z.object({
  mission_definition_id: z.int().check(z.positive()),
  step_index: z.int().check(z.nonnegative()),
});

export const wsDataSchemas = {
  'robot/connected': empty,
  'robot/disconnected': empty,
  'backend/connected': empty,
  'backend/disconnected': empty,
  'robot/battery_state': z.object({ batteries: z.array(batterySchema) }),
  'robot/alert_update': z.object({
    activated_errors: codes,
    activated_warnings: codes,
    resolved_errors: codes,
    resolved_warnings: codes,
  }),
  'robot/userFollowed': empty,
  'robot/lostFollowedUser': empty,
  'mapping/mapUpdate': mapSchema,
  'movement/ready': z.extend(movement, { duration: z.number().check(z.nonnegative()) }),
  'movement/started': movement,
  'movement/arriving': movement,
  'movement/completed': movement,
  'movement/failed': z.extend(movement, { reason: z.optional(z.string().check(z.maxLength(500))) }),
} as const;

export type WsEventName = keyof typeof wsDataSchemas;
export type WsData<E extends WsEventName> = z.infer<(typeof wsDataSchemas)[E]>;

export const wsEnvelopeSchema = z.object({ event: z.string(), data: z.unknown() });

/** A frame that fits the table: the event name with its typed data. */
export type WsFrame = { [E in WsEventName]: { event: E; data: WsData<E> } }[WsEventName];

export function isKnownWsEvent(name: string): name is WsEventName {
  return Object.prototype.hasOwnProperty.call(wsDataSchemas, name);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFraction = (v: unknown) => v === undefined || v === null || (typeof v === 'number' && v >= 0 && v <= 1);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPoint = (v: unknown) => isObject(v) && isFiniteNumber(v.x) && isFiniteNumber(v.y);
const isPose = (v: unknown) => isPoint(v) && isFiniteNumber((v as Record<string, unknown>).orientation);
// Loops rather than `every` with a callback: these run for nearly every frame of a log.
function isCodes(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}
function isBatteries(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) {
    const b: unknown = v[i];
    if (!isObject(b) || !isFraction(b.charge) || !isFraction(b.health)) return false;
  }
  return true;
}
const isMovement = (v: unknown): v is Record<string, unknown> =>
  isObject(v) &&
  Number.isSafeInteger(v.mission_definition_id) &&
  (v.mission_definition_id as number) > 0 &&
  Number.isSafeInteger(v.step_index) &&
  (v.step_index as number) >= 0;

/**
 * Cheap checks for the frames a robot sends many times a second; zod was a fifth of the core's time in the
 * replay benchmark. Each returns true only for data its schema above accepts, and exists only for events
 * whose handler reads fields of the data instead of keeping the parsed object, so handing it the frame's own
 * data gives the same result as zod's stripped copy. Anything a check does not pass goes to zod, which
 * decides and writes the rejection reason. Pure.
 */
export const wsFastChecks: { readonly [E in WsEventName]?: (data: unknown) => boolean } = {
  'robot/connected': isObject,
  'robot/disconnected': isObject,
  'backend/connected': isObject,
  'backend/disconnected': isObject,
  'robot/userFollowed': isObject,
  'robot/lostFollowedUser': isObject,
  'robot/battery_state': (v) =>
    isObject(v) && isBatteries(v.batteries),
  'robot/alert_update': (v) =>
    isObject(v) && isCodes(v.activated_errors) && isCodes(v.activated_warnings) && isCodes(v.resolved_errors) && isCodes(v.resolved_warnings),
  'movement/ready': (v) => isMovement(v) && typeof v.duration === 'number' && v.duration >= 0 && v.duration <= Number.MAX_VALUE,
  'movement/started': isMovement,
  'movement/arriving': isMovement,
  'movement/completed': isMovement,
  'movement/failed': (v) => isMovement(v) && (v.reason === undefined || (typeof v.reason === 'string' && v.reason.length <= 500)),
  // The map handlers copy origin and robot field by field (core/map/accept.ts), so the frame's own objects serve.
  'mapping/mapUpdate': (v) => isObject(v) && typeof v.image === 'string' && isPoint(v.origin) && isFiniteNumber(v.resolution) && v.resolution > 0 && isPose(v.robot),
};
