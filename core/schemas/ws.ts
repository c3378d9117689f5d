/** Schemas of every `/ws` event's `data` (api.md "Event socket"). */
import { z } from 'zod';
import { batterySchema, mapSchema } from './entities';

const empty = z.object({});
const codes = z.array(z.string());
const movement = z.object({
  mission_definition_id: z.number().int().positive(),
  step_index: z.number().int().nonnegative(),
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
  'movement/ready': movement.extend({ duration: z.number().nonnegative() }),
  'movement/started': movement,
  'movement/arriving': movement,
  'movement/completed': movement,
  'movement/failed': movement,
} as const;

export type WsEventName = keyof typeof wsDataSchemas;
export type WsData<E extends WsEventName> = z.infer<(typeof wsDataSchemas)[E]>;

export const wsEnvelopeSchema = z.object({ event: z.string(), data: z.unknown() });

/** A frame that fits the table: the event name with its typed data. */
export type WsFrame = { [E in WsEventName]: { event: E; data: WsData<E> } }[WsEventName];

export function isKnownWsEvent(name: string): name is WsEventName {
  return Object.prototype.hasOwnProperty.call(wsDataSchemas, name);
}
