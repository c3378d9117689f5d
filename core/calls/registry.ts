/**
 * How each call's answer is read: the schema of its `data`, the empty default a failed call resolves to
 * (api.md: a network failure or a non-JSON answer resolves to `[]` or `{}` and is logged), and the handlers.
 */
import * as z from 'zod/mini';
import { answerSchemas } from '../schemas/answers';
import { healthAnswered, healthFailed } from '../connection/connection';
import { settingsFailed, settingsLoaded } from '../startup/startup';
import type { CallName } from './pending';
import { spec, type CallSpec } from './spec';
import { saveFailed, settingsSaved, startMappingAnswered, stepDone } from '../wizard/wizard';
import * as auth from '../session/auth';
import { confirmedNewPin } from '../session/session';
import { MISSION_CALLS } from '../missions/calls';
import * as data from '../data/missionData';
import * as diag from '../data/diagnostics';
import { MAP_CALLS } from '../map/calls';
import { SETTINGS_CALLS } from '../settings/settingsPage';

const anyObject = z.looseObject({});
const ignore = () => undefined;

/** Calls not yet wired to a slice log their outcome only. */
const logOnly = spec({ schema: anyObject, empty: {}, ok: ignore, fail: ignore });

export const CALLS = {
  health: spec({
    schema: anyObject, // the handler itself decides good or unknown from `ok`
    empty: {},
    ok: (d, _ctx, data) => healthAnswered(d, data),
    fail: healthFailed,
  }),
  // No default: empty settings would send a configured robot back into the first-use wizard.
  settings: spec({ schema: answerSchemas.settingsRead, ok: settingsLoaded, fail: settingsFailed }),
  settingsPatch: spec({
    schema: answerSchemas.settingsPatch,
    ok: (d, ctx, data, meta) => {
      if (meta?.purpose === 'confirmPin') confirmedNewPin(d, ctx);
      settingsSaved(d, ctx, data, meta);
    },
    fail: saveFailed,
  }),
  resetPrize: logOnly,
  shutdown: logOnly,
  auth: spec({ schema: answerSchemas.auth, ok: auth.firstAccessAnswered, fail: auth.firstAccessFailed }),
  login: spec({ schema: answerSchemas.login, ok: auth.loginAnswered, fail: auth.loginFailed }),
  dateTime: spec({ schema: answerSchemas.dateTime, ok: stepDone, fail: saveFailed }),
  latestMap: spec({ schema: answerSchemas.latestMap, empty: {}, ok: auth.latestMapAnswered, fail: auth.latestMapFailed }),
  mappingStart: spec({ schema: answerSchemas.mappingStart, ok: startMappingAnswered, fail: saveFailed }),
  followMeStart: spec({ schema: answerSchemas.followMeStart, ok: startMappingAnswered, fail: saveFailed }),
  ...MISSION_CALLS,
  // No empty defaults for the report pages: an empty month would hide a failure the page must show.
  endedMissions: spec({ schema: answerSchemas.endedMissions, ok: data.endedMissionsLoaded, fail: data.endedMissionsFailed }),
  dataDestinations: spec({ schema: answerSchemas.destinations, empty: [], ok: data.destinationsLoaded, fail: ignore }),
  endedMissionsCsv: spec({ schema: answerSchemas.endedMissionsCsv, ok: data.missionCsvReady, fail: data.missionCsvFailed }),
  diagnosticsDays: spec({
    schema: z.union([answerSchemas.diagnosticsDistance, answerSchemas.diagnosticsTime]),
    ok: diag.diagnosticDaysLoaded,
    fail: diag.diagnosticDaysFailed,
  }),
  batteriesRead: spec({ schema: answerSchemas.batteries, ok: diag.batteriesLoaded, fail: diag.batteriesFailed }),
  diagnosticsCsv: spec({ schema: answerSchemas.diagnosticsCsv, ok: diag.diagnosticCsvReady, fail: diag.diagnosticCsvFailed }),
  ...MAP_CALLS,
  ...SETTINGS_CALLS,
} satisfies Record<CallName, CallSpec<unknown>>;
