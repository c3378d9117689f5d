/**
 * The core's areas, each once. Every table the core dispatches on (robot frames, events, timers, calls) and
 * the page hooks are gathered from this list: a new feature is a folder with an `area.ts` and a line here.
 * Page hooks run in the list's order. Pure.
 *
 * The names a feature adds are still declared where the types live, each a leaf file nothing circles back to:
 * its events in core/events.ts, its timers in core/timers.ts, its calls in its own callNames.ts (joined in
 * core/calls/pending.ts), its frames in core/schemas/ws.ts, its state in its own state file (composed in
 * core/state.ts). The compiler then asks for the handlers: a name no area takes does not compile.
 */
import { connectionArea } from './connection/area';
import { batteriesArea } from './batteries/area';
import { alertsArea } from './alerts/area';
import { clockArea } from './clock/area';
import { lockArea } from './lock/area';
import { startupArea } from './startup/area';
import { sessionArea } from './session/area';
import { wizardArea } from './wizard/area';
import { settingsArea } from './settings/area';
import { teleopArea } from './teleop/area';
import { dataArea } from './data/area';
import { missionsArea } from './missions/area';
import { movementArea } from './movement/area';
import { followArea } from './follow/area';
import { mapArea } from './map/area';
import { routeArea } from './route/area';
import type { PageHooks } from './context';
import { gather, hooks, type AreaEvent, type EnterHook, type EventTable, type FrameTable, type LeaveHook, type TimerTable } from './area';
import { onDraft, type DraftFn, type Handler } from './turn';

export const AREAS = [
  connectionArea,
  batteriesArea,
  alertsArea,
  clockArea,
  lockArea,
  startupArea,
  sessionArea,
  wizardArea,
  settingsArea,
  teleopArea,
  dataArea,
  missionsArea,
  movementArea,
  followArea,
  mapArea,
  routeArea,
] as const;

/** Each robot frame's handler: a frame no area takes is a compile error. */
export const FRAMES = gather(AREAS, 'frames') satisfies FrameTable;

/** Each timer's handler. */
export const TIMERS = gather(AREAS, 'timers') satisfies TimerTable;

const INTENTS = gather(AREAS, 'intents');
/** Each other event's handler: an event no area takes is a compile error. */
export const EVENTS = { ...draftHandlers(INTENTS), ...gather(AREAS, 'events') } satisfies EventTable;

type AsHandlers<T> = { [K in keyof T]: Handler<Extract<AreaEvent, { type: K }>> };

/** Draft handlers as the event table holds them. */
function draftHandlers<T extends object>(table: T): AsHandlers<T> {
  const out: Record<string, Handler<never>> = {};
  for (const [type, fn] of Object.entries(table)) out[type] = onDraft(fn as DraftFn<never>);
  return out as AsHandlers<T>;
}

const ENTER = hooks<EnterHook>(AREAS, 'enter');
const LEAVE = hooks<LeaveHook>(AREAS, 'leave');

/** What entering and leaving a page starts and stops, every area's hook in turn (see Ctx.pages). */
export const PAGE_HOOKS: PageHooks = {
  enter: (d, ctx, path, from) => {
    for (const enter of ENTER) enter(d, ctx, path, from);
  },
  leave: (d, ctx, from, to) => {
    for (const leave of LEAVE) leave(d, ctx, from, to);
  },
};
