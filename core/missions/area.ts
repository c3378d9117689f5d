/** The missions area: the list and its runs, the two wizards, the running mission's tasks, charging. */
import type { Area } from '../area';
import { onDraft } from '../turn';
import { MISSION_INTENTS } from './intents';
import { MISSION_CALLS } from './calls';
import { chargingMission, chargingStopped } from './charging';
import { noticeDue } from './runs';
import { enterMissionsPage } from './pages';

export const missionsArea = {
  intents: {
    ...MISSION_INTENTS,
    'ui/chargingMissionPressed': (d, ctx) => chargingMission(d, ctx),
    'ui/chargingStopped': (d, ctx) => chargingStopped(d, ctx),
  },
  timers: { missionNotice: onDraft((d) => noticeDue(d)) },
  calls: MISSION_CALLS,
  enter: (d, ctx, path) => enterMissionsPage(d, ctx, path),
} satisfies Area;
