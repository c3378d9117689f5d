/**
 * The `data` of every answer in api.md, by call. Calls the app makes parse their answers with these; a
 * mismatch is recorded as a rejection. Each is built on its first use (once.ts): call it to get the schema.
 */
import * as z from 'zod/mini';
import { once } from './once';
import {
  activitySchema,
  currentMissionSchema,
  destinationSchema,
  endedMissionSchema,
  mapSchema,
  missionDefinitionSchema,
  noGoZoneSchema,
  recipientSchema,
  settingsSchema,
} from './entities';

/** Any object: calls whose handler reads the answer itself, or only logs it. */
export const anyObject = once(() => z.looseObject({}));
const empty = anyObject;
const filePath = once(() => z.object({ path: z.string().check(z.startsWith('/api/files/')) }));
const healthAnswer = once(() => z.object({ ok: z.literal(true) }));
const day = once(() => z.int().check(z.minimum(1), z.maximum(31)));
const amount = once(() => z.number().check(z.nonnegative()));
const fraction = once(() => z.number().check(z.minimum(0), z.maximum(1)));
const pinAnswer = once(() => z.object({ isCorrect: z.boolean() }));
/** GET api/auth/session: whether the caller's cookie is a live session. */
const sessionAnswer = once(() => z.object({ active: z.boolean() }));
/** GET api/map/latest answers a Map, or `{}` when no map exists. */
const latestMap = once(() => z.union([mapSchema(), z.strictObject({})]));
const list = <T extends z.ZodMiniType>(item: () => T) => once(() => z.array(item()));

export const answerSchemas = {
  health: healthAnswer,
  settingsRead: settingsSchema,
  settingsPatch: settingsSchema,
  auth: pinAnswer,
  login: pinAnswer,
  session: sessionAnswer,
  logout: empty,
  dateTime: empty,
  reset: empty,
  shutdown: empty,
  latestMap,
  mappingStart: empty,
  mappingStop: empty,
  followMeStart: empty,
  followMeStop: empty,
  position: empty,
  destinations: list(destinationSchema),
  destination: destinationSchema,
  destinationDelete: empty,
  recipients: list(recipientSchema),
  recipient: recipientSchema,
  recipientDelete: empty,
  noGoZones: list(noGoZoneSchema),
  noGoZone: noGoZoneSchema,
  noGoZoneDelete: empty,
  activities: list(activitySchema),
  missionDefinitions: list(missionDefinitionSchema),
  missionDefinition: missionDefinitionSchema,
  currentMission: currentMissionSchema,
  missionControl: empty,
  activityStatus: empty,
  endedMissions: once(() => z.object({ missions: z.array(endedMissionSchema()) })),
  endedMissionsCsv: filePath,
  diagnosticsDistance: once(() => z.array(z.object({ day: day(), distance: amount() }))),
  diagnosticsTime: once(() => z.array(z.object({ day: day(), time: amount() }))),
  batteries: once(() => z.object({ batteries: z.array(z.object({ health: fraction(), charge: fraction() })) })),
  diagnosticsCsv: filePath,
} as const;

export type AnswerName = keyof typeof answerSchemas;
