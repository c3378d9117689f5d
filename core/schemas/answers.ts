/**
 * The `data` of every answer in api.md, by call. Calls the app makes parse their answers with these; a
 * mismatch is recorded as a rejection.
 */
import { z } from 'zod';
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

const empty = z.object({}).loose();
const filePath = z.object({ path: z.string().startsWith('/api/files/') });
const healthAnswer = z.object({ ok: z.literal(true) });
const pinAnswer = z.object({ isCorrect: z.boolean() });
/** GET api/map/latest answers a Map, or `{}` when no map exists. */
const latestMap = z.union([mapSchema, z.object({}).strict()]);

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
  diagnosticsDistance: z.array(z.object({ day: z.number().int().min(1).max(31), distance: z.number().nonnegative() })),
  diagnosticsTime: z.array(z.object({ day: z.number().int().min(1).max(31), time: z.number().nonnegative() })),
  batteries: z.object({
    batteries: z.array(z.object({ health: z.number().min(0).max(1), charge: z.number().min(0).max(1) })),
  }),
  diagnosticsCsv: filePath,
} as const;

export type AnswerName = keyof typeof answerSchemas;
