/** Schemas of the back end's entities (api.md "Entities"). Parsing is pure; a mismatch is a rejection. */
import { z } from 'zod';

const id = z.number().int().positive();
const layout = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const settingsSchema = z.object({
  language: z.enum(['en', 'it']).nullable().optional(),
  country: z.enum(['AU', 'EN', 'IT', 'CH']).nullable().optional(),
  robot_name: z.string().nullable().optional(),
  admin_name: z.string().nullable().optional(),
  accepted_terms_of_service: z.boolean().nullable().optional(),
  has_superadmin_pin: z.boolean().nullable().optional(),
  load_location_layout_left: layout.nullable().optional(),
  load_location_layout_right: layout.nullable().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const poseSchema = z.object({ x: z.number(), y: z.number(), orientation: z.number() });

export const mapSchema = z.object({
  image: z.string(),
  origin: z.object({ x: z.number(), y: z.number() }),
  resolution: z.number().positive(),
  robot: poseSchema,
});
export type RobotMap = z.infer<typeof mapSchema>;

export const batterySchema = z.object({
  charge: z.number().min(0).max(1).nullable().optional(),
  health: z.number().min(0).max(1).nullable().optional(),
});

export const destinationSchema = z.object({
  id,
  name: z.string(),
  x: z.number(),
  y: z.number(),
  orientation: z.number(),
  resolution: z.number(),
  color: z.string().nullable().optional(),
  created_at: z.string(),
});
export type Destination = z.infer<typeof destinationSchema>;

export const recipientSchema = z.object({ id, name: z.string(), destination_id: id });
export type Recipient = z.infer<typeof recipientSchema>;

export const noGoZoneSchema = z.object({
  id,
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type NoGoZone = z.infer<typeof noGoZoneSchema>;

export const activitySchema = z.object({ id, name: z.string() });

const loadSide = z.array(z.array(z.string()));

export const missionDefinitionSchema = z.object({
  id,
  name: z.string(),
  created_at: z.string(),
  steps: z.array(
    z.object({
      id: id.optional(),
      destination_id: id,
      activities: z.array(
        z.object({
          idx: z.number().int().nonnegative(),
          activity_id: id,
          recipients: z.array(id),
          load_location_left: loadSide,
          load_location_right: loadSide,
          message: z.string(),
          message_read_required: z.boolean(),
        }),
      ),
    }),
  ),
});
export type MissionDefinition = z.infer<typeof missionDefinitionSchema>;

export const currentMissionSchema = z.union([
  z.object({
    definition_id: id,
    status: z.enum(['running', 'paused']),
    step_index: z.number().int().nonnegative(),
    activities: z.array(z.object({ step: z.number().int(), idx: z.number().int(), status: z.string() })),
  }),
  z.object({}).strict(),
]);

export const endedMissionSchema = z.object({
  id,
  definition_id: id,
  started_at: z.string(),
  ended_at: z.string(),
  status: z.enum(['completed', 'uncompleted']),
  distance: z.number(),
  steps: z.array(
    z.object({
      destination_id: id,
      activities: z.array(
        z.object({ activity_id: id, performed_at: z.string().nullable(), status: z.string() }),
      ),
    }),
  ),
});

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
