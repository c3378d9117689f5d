/**
 * The `data` of every answer in api.md, by call. Calls the app makes parse their answers with these; a
 * mismatch is recorded as a rejection.
 */
import * as z from 'zod/mini';
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

const empty = z.looseObject({});
const filePath = z.object({ path: z.string().check(z.startsWith('/api/files/')) });
const healthAnswer = z.object({ ok: z.literal(true) });
const day = z.int().check(z.minimum(1), z.maximum(31));
const amount = z.number().check(z.nonnegative());
const fraction = z.number().check(z.minimum(0), z.maximum(1));
const pinAnswer = z.object({ isCorrect: z.boolean() });
/** GET api/map/latest answers a Map, or `{}` when no map exists. */
const latestMap = z.union([mapSchema, z.strictObject({})]);

export const answerSchemas = {
  health: healthAnswer,
  settingsRead: settingsSchema,
  settingsPatch: settingsSchema,
  auth: pinAnswer,
  login: pinAnswer,
  dateTime: empty,
  reset: empty,
  shutdown: empty,
  latestMap,
  mappingStart: empty,
  mappingStop: empty,
  followMeStart: empty,
  followMeStop: empty,
  position: empty,
  destinations: z.array(destinationSchema),
  destination: destinationSchema,
  destinationDelete: empty,
  recipients: z.array(recipientSchema),
  recipient: recipientSchema,
  recipientDelete: empty,
  noGoZones: z.array(noGoZoneSchema),
  noGoZone: noGoZoneSchema,
  noGoZoneDelete: empty,
  activities: z.array(activitySchema),
  missionDefinitions: z.array(missionDefinitionSchema),
  missionDefinition: missionDefinitionSchema,
  currentMission: currentMissionSchema,
  missionControl: empty,
  activityStatus: empty,
  endedMissions: z.object({ missions: z.array(endedMissionSchema) }),
  endedMissionsCsv: filePath,
  diagnosticsDistance: z.array(z.object({ day, distance: amount })),
  diagnosticsTime: z.array(z.object({ day, time: amount })),
  batteries: z.object({ batteries: z.array(z.object({ health: fraction, charge: fraction })) }),
  diagnosticsCsv: filePath,
} as const;

export type AnswerName = keyof typeof answerSchemas;
