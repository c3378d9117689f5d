/**
 * Compile-time checks of the areas' tables (typechecked by `npm run typecheck`, never run): each
 * `@ts-expect-error` below must meet an error, or the typecheck fails. A misspelled or mistyped case in an
 * area, and a case no area takes, do not compile.
 */
import { gather, type Area, type CallTable, type EventTable, type FrameTable, type TimerTable } from '../../core/area';
import { AREAS } from '../../core/areas';
import { onSlice } from '../../core/turn';
import { batteryState } from '../../core/batteries/batteries';
import { connectionArea } from '../../core/connection/area';
import { alertsArea } from '../../core/alerts/area';

export const misspelledFrame = {
  frames: {
    // @ts-expect-error: not a frame of api.md's table
    'robot/batery_state': onSlice('batteries', batteryState),
  },
} satisfies Area;

export const wrongSlice = {
  // @ts-expect-error: the battery handler does not take the alerts slice
  frames: { 'robot/battery_state': onSlice('alerts', batteryState) },
} satisfies Area;

export const misspelledIntent = {
  intents: {
    // @ts-expect-error: no such event
    'ui/alertSkiped': () => undefined,
  },
} satisfies Area;

export const misspelledTimer = {
  timers: {
    // @ts-expect-error: no such timer
    clok: onSlice('clock', (c) => c),
  },
} satisfies Area;

const SOME = [connectionArea, alertsArea] as const;
// @ts-expect-error: robot/battery_state (and others) are taken by no area of SOME
export const missingFrames = gather(SOME, 'frames') satisfies FrameTable;
// @ts-expect-error: most timers are taken by no area of SOME
export const missingTimers = gather(SOME, 'timers') satisfies TimerTable;
// @ts-expect-error: most calls are answered by no area of SOME
export const missingCalls = gather(SOME, 'calls') satisfies CallTable;

// The whole list covers every case.
export const frames = gather(AREAS, 'frames') satisfies FrameTable;
export const timers = gather(AREAS, 'timers') satisfies TimerTable;
export const calls = gather(AREAS, 'calls') satisfies CallTable;
export type Events = EventTable;
