/**
 * What one area of the core (a folder: connection, batteries, missions, ...) contributes, and how the core's
 * tables are gathered from the list of areas (core/areas.ts). Each area declares its part `satisfies Area`, so
 * a misspelled frame, event, timer or call is a compile error there; the gathered tables are checked whole
 * where they are used, so a case no area takes is a compile error too. Pure.
 */
import type { Ctx, DraftState } from './context';
import type { CoreEvent } from './events';
import type { WsData, WsEventName } from './schemas/ws';
import type { TimerId } from './timers';
import type { CallName } from './calls/pending';
import type { CallSpec } from './calls/spec';
import type { DraftTable, Handler } from './turn';

/** The events `step` reads itself: time passing, robot frames (by their own table), call answers. */
export type CoreOwnEvent = 'tick' | 'ws/message' | 'http/response' | 'http/failed';
/** Every other event: each is taken by exactly one area. */
export type AreaEvent = Exclude<CoreEvent, { type: CoreOwnEvent }>;

/** One handler per robot frame of api.md's table. */
export type FrameTable = { [E in WsEventName]: Handler<WsData<E>> };
/** One handler per area event: a draft handler (`intents`) or a slice handler (`events`). */
export type EventTable = { [T in AreaEvent['type']]: Handler<Extract<AreaEvent, { type: T }>> };
/** One handler per timer; its data is the time of the event being caught up to. */
export type TimerTable = Record<TimerId, Handler<number>>;
/** How each call's answer is read. */
export type CallTable = Record<CallName, CallSpec<unknown>>;

/** The page hooks an area may have: run on every route change, each area's in the list's order. */
export type EnterHook = (d: DraftState, ctx: Ctx, path: string, from: string) => void;
export type LeaveHook = (d: DraftState, ctx: Ctx, from: string, to: string) => void;

export interface Area {
  /** Robot frames, as slice handlers. */
  frames?: Partial<FrameTable>;
  /** Intents and other events, as draft handlers. */
  intents?: Partial<DraftTable<AreaEvent>>;
  /** Events taken by a slice handler (the socket's own). */
  events?: Partial<EventTable>;
  timers?: Partial<TimerTable>;
  calls?: Partial<CallTable>;
  /** Entering a page: what it starts. */
  enter?: EnterHook;
  /** Leaving a page: what it stops. */
  leave?: LeaveHook;
}

/** The parts an area can give that are tables keyed by name. */
export type TablePart = 'frames' | 'intents' | 'events' | 'timers' | 'calls';

type PartOf<A, K extends TablePart> = A extends { [P in K]: infer T } ? T : unknown;

/** The table `key` of every area of `areas` together, typed with every area's keys. */
export type Gathered<As extends readonly Area[], K extends TablePart> = As extends readonly [infer Head, ...infer Rest extends readonly Area[]]
  ? PartOf<Head, K> & Gathered<Rest, K>
  : unknown;

/** One table from every area's part `key`. Pure. */
export function gather<const As extends readonly Area[], K extends TablePart>(areas: As, key: K): Gathered<As, K> {
  const table: Record<string, unknown> = {};
  for (const area of areas) Object.assign(table, area[key]);
  return table as Gathered<As, K>;
}

/** The areas' hooks of one kind, run in the list's order. */
export function hooks<F extends EnterHook | LeaveHook>(areas: readonly Area[], key: 'enter' | 'leave'): F[] {
  return areas.flatMap((area) => (area[key] ? [area[key] as F] : []));
}
