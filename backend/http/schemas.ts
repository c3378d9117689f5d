/** Request body schemas for every api.md call that takes a body. Unknown fields are refused (strict). */
import { z } from 'zod';

const id = z.number().int().positive();
const name = z.string().trim().min(1, 'must not be empty').max(100, 'at most 100 characters');
const metres = z.number().finite().min(-10_000).max(10_000);
const degrees = z.number().finite().min(-360).max(360);
const pin = z.string().regex(/^\d{6}$/, 'must be exactly 6 digits');
const layout = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** Items on one side: up to 3 shelves of up to 50 texts. */
const loadSide = z.array(z.array(z.string().max(200)).max(50)).max(3);

export const settingsPatch = z
  .object({
    language: z.enum(['en', 'it']).nullable(),
    country: z.enum(['AU', 'EN', 'IT', 'CH']).nullable(),
    robot_name: name.nullable(),
    admin_name: name.nullable(),
    accepted_terms_of_service: z.boolean().nullable(),
    load_location_layout_left: layout.nullable(),
    load_location_layout_right: layout.nullable(),
    superadmin_pin: pin,
    // The PIN in force, needed with superadmin_pin to change it (api.md "Sessions"); never stored.
    current_pin: pin,
    // Read-only, but a client may echo back the settings it read: accepted and ignored.
    has_superadmin_pin: z.boolean().nullable(),
  })
  .partial()
  .strict();

export const pinBody = z.object({ pin }).strict();

export const datetimeBody = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be HH:MM'),
  })
  .strict()
  .refine((v) => realDate(v.date), { message: 'not a real date', path: ['date'] });

/** Whether YYYY-MM-DD names a day that exists (Date.parse would roll 02-31 over into March). */
function realDate(d: string): boolean {
  const ms = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === d;
}

export const poseBody = z.object({ x: metres, y: metres, orientation: degrees }).strict();

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');
export const destinationBody = z
  .object({
    name,
    x: metres,
    y: metres,
    orientation: degrees,
    color: color.nullable().optional(),
    resolution: z.number().finite().positive(),
  })
  .strict();
export const destinationPatch = destinationBody.partial().strict();

export const recipientBody = z.object({ name, destination_id: id }).strict();

const pixel = z.number().int('must be a whole pixel').min(0).max(100_000);
export const zoneBody = z
  .object({ x: pixel, y: pixel, width: pixel.min(1), height: pixel.min(1) })
  .strict();

const message = z.string().max(2000);
export const quickBody = z
  .object({
    destination_id: id,
    activity_id: id,
    recipient_id: id,
    load_location_left: loadSide,
    load_location_right: loadSide,
    message,
    message_read_required: z.boolean(),
  })
  .strict();

export const pathBody = z
  .object({
    name,
    steps: z
      .array(
        z
          .object({
            destination_id: id,
            activities: z
              .array(
                z
                  .object({
                    activity_id: id,
                    recipients: z.union([z.array(id).max(100), z.literal(0)]),
                    message,
                    message_read_required: z.boolean(),
                    load_location_left: loadSide,
                    load_location_right: loadSide,
                  })
                  .strict(),
              )
              .min(1, 'a step needs at least one activity')
              .max(20),
          })
          .strict(),
      )
      .min(1, 'a path needs at least one step')
      .max(50),
  })
  .strict();

const items = z.array(z.unknown()).max(500);
/** Exactly one of the four shapes api.md lists. */
export const activityStatusBody = z.union(
  [
    z.object({ status: z.literal('completed') }).strict(),
    z.object({ message: z.literal('read') }).strict(),
    z.object({ delivered: items }).strict(),
    z.object({ 'picked-up': items }).strict(),
  ],
  { error: 'must be one of {"status": "completed"}, {"message": "read"}, {"delivered": [...]}, {"picked-up": [...]}' },
);

export const csvBody = z.object({ ids: z.array(id).min(1, 'at least one id').max(10_000) }).strict();
