/**
 * Schemas of the back end's entities (api.md "Entities"). Parsing is pure; a mismatch is a rejection.
 * Written with `zod/mini`: the same validation as zod's chained API, but tree-shakable, which keeps the
 * worker bundle (and so the cold start) small. Each schema is built on its first use (once.ts): call it to get it.
 */
import * as z from 'zod/mini';
import { once } from './once';

const id = once(() => z.int().check(z.positive()));
const whole = once(() => z.int());
const layout = once(() => z.union([z.literal(0), z.literal(1), z.literal(2)]));
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const fraction = once(() => z.number().check(z.minimum(0), z.maximum(1)));

export const settingsSchema = once(() => z.object({
  language: maybe(z.enum(['en', 'it'])),
  country: maybe(z.enum(['AU', 'EN', 'IT', 'CH'])),
  robot_name: maybe(z.string()),
  admin_name: maybe(z.string()),
  accepted_terms_of_service: maybe(z.boolean()),
  has_superadmin_pin: maybe(z.boolean()),
  load_location_layout_left: maybe(layout()),
  load_location_layout_right: maybe(layout()),
}));
export type Settings = z.infer<ReturnType<typeof settingsSchema>>;

export const poseSchema = once(() => z.object({ x: z.number(), y: z.number(), orientation: z.number() }));

export const mapSchema = once(() => z.object({
  image: z.string(),
  origin: z.object({ x: z.number(), y: z.number() }),
  resolution: z.number().check(z.positive()),
  robot: poseSchema(),
}));
export type RobotMap = z.infer<ReturnType<typeof mapSchema>>;

export const batterySchema = once(() => z.object({ charge: maybe(fraction()), health: maybe(fraction()) }));

export const destinationSchema = once(() => z.object({
  id: id(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  orientation: z.number(),
  resolution: z.number(),
  color: maybe(z.string()),
  created_at: z.string(),
}));
export type Destination = z.infer<ReturnType<typeof destinationSchema>>;

export const recipientSchema = once(() => z.object({ id: id(), name: z.string(), destination_id: id() }));
export type Recipient = z.infer<ReturnType<typeof recipientSchema>>;

export const noGoZoneSchema = once(() => z.object({ id: id(), x: whole(), y: whole(), width: whole(), height: whole() }));
export type NoGoZone = z.infer<ReturnType<typeof noGoZoneSchema>>;

export const activitySchema = once(() => z.object({ id: id(), name: z.string() }));

const loadSide = once(() => z.array(z.array(z.string())));
const index = once(() => z.int().check(z.nonnegative()));

export const missionDefinitionSchema = once(() => z.object({
  id: id(),
  name: z.string(),
  created_at: z.string(),
  steps: z.array(
    z.object({
      id: z.optional(id()),
      destination_id: id(),
      activities: z.array(
        z.object({
          idx: index(),
          activity_id: id(),
          recipients: z.array(id()),
          load_location_left: loadSide(),
          load_location_right: loadSide(),
          message: z.string(),
          message_read_required: z.boolean(),
        }),
      ),
    }),
  ),
  /** "charging": the one-tap charging mission (to Base, no activities); absent for the operator's own. */
  kind: z.optional(z.string()),
}));
export type MissionDefinition = z.infer<ReturnType<typeof missionDefinitionSchema>>;

export const currentMissionSchema = once(() => z.union([
  z.object({
    definition_id: id(),
    status: z.enum(['running', 'paused']),
    step_index: index(),
    activities: z.array(z.object({ step: whole(), idx: whole(), status: z.string() })),
  }),
  z.strictObject({}),
]));

export const endedMissionSchema = once(() => z.object({
  id: id(),
  definition_id: id(),
  started_at: z.string(),
  ended_at: z.string(),
  status: z.enum(['completed', 'uncompleted']),
  distance: z.number(),
  steps: z.array(
    z.object({
      destination_id: id(),
      activities: z.array(z.object({ activity_id: id(), performed_at: z.nullable(z.string()), status: z.string() })),
    }),
  ),
  /** An uncompleted mission's end (api.md): failed by the robot or stopped by the operator, and why it failed. */
  outcome: z.optional(z.enum(['failed', 'stopped'])),
  reason: z.optional(z.string()),
}));

export const errorBodySchema = once(() => z.object({
  error: z.object({ code: z.string(), message: z.string() }),
}));
export type EndedMission = z.infer<ReturnType<typeof endedMissionSchema>>;
