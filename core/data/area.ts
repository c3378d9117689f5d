/** The report pages: /mission-data (ended missions, CSV export) and /diagnostic (days, batteries, CSV). */
import * as z from 'zod/mini';
import type { Area } from '../area';
import { spec } from '../calls/spec';
import { answerSchemas } from '../schemas/answers';
import { once } from '../schemas/once';
import * as data from './missionData';
import * as diag from './diagnostics';

/** /diagnostic's days: the distance or the time per day, whichever view asked (built on first use, once.ts). */
const diagnosticsDays = once(() => z.union([answerSchemas.diagnosticsDistance(), answerSchemas.diagnosticsTime()]));

export const dataArea = {
  intents: {
    'ui/missionDataPeriodChosen': (d, ctx, event) => data.missionDataPeriodChosen(d, ctx, event),
    'ui/missionRowToggled': (d, _ctx, event) => data.missionRowToggled(d, event.id),
    'ui/missionRowsAllToggled': (d) => data.missionRowsAllToggled(d),
    'ui/missionDataSorted': (d, _ctx, event) => data.missionDataSorted(d, event.key),
    'ui/missionDataExportPressed': (d, ctx) => data.missionDataExportPressed(d, ctx),
    'ui/diagnosticPeriodChosen': (d, ctx, event) => diag.diagnosticPeriodChosen(d, ctx, event),
    'ui/diagnosticViewChosen': (d, ctx, event) => diag.diagnosticViewChosen(d, ctx, event.view),
    'ui/diagnosticExportPressed': (d, ctx) => diag.diagnosticExportPressed(d, ctx),
    'ui/exportDismissed': (d, _ctx, event) => diag.exportDismissed(d, event.area),
  },
  // No empty defaults for the report pages: an empty month would hide a failure the page must show.
  calls: {
    endedMissions: spec({ schema: answerSchemas.endedMissions, ok: data.endedMissionsLoaded, fail: data.endedMissionsFailed }),
    dataDestinations: spec({ schema: answerSchemas.destinations, empty: [], ok: data.destinationsLoaded, fail: () => undefined }),
    endedMissionsCsv: spec({ schema: answerSchemas.endedMissionsCsv, ok: data.missionCsvReady, fail: data.missionCsvFailed }),
    diagnosticsDays: spec({
      schema: diagnosticsDays,
      ok: diag.diagnosticDaysLoaded,
      fail: diag.diagnosticDaysFailed,
    }),
    batteriesRead: spec({ schema: answerSchemas.batteries, ok: diag.batteriesLoaded, fail: diag.batteriesFailed }),
    diagnosticsCsv: spec({ schema: answerSchemas.diagnosticsCsv, ok: diag.diagnosticCsvReady, fail: diag.diagnosticCsvFailed }),
  },
  enter: (d, ctx, path) => {
    if (path === '/mission-data') data.enterMissionData(d, ctx);
    if (path === '/diagnostic') diag.enterDiagnostic(d, ctx);
  },
} satisfies Area;
