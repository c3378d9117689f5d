/**
 * The kinds a search narrows events to: robot frames, operator actions, calls and answers, timers, rejected input.
 * A module of its own with no imports, so the replay page's chips take the list without the search's rules (and
 * the core modules behind them) coming into the page's bundle.
 */
export const EVENT_KINDS = ['robot', 'operator', 'call', 'timer', 'rejected'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
