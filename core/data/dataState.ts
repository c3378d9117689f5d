/** The state types of the mission-data and diagnostic pages, apart from the reducers that use them. */
import type { EndedMission } from '../schemas/entities';
import type { Period } from './period';
import type { SortKey } from './missionRows';

/** Where reading a page's data stands. */
export type LoadStatus = 'idle' | 'pending' | 'failed' | 'loaded';

/** A CSV export: waiting, failed, or ready with the file's download path. */
export interface ExportState {
  status: 'idle' | 'pending' | 'failed' | 'ready';
  path: string | null;
}

/** The mission data page's slice. */
export interface MissionDataState {
  period: Period | null;
  status: LoadStatus;
  missions: EndedMission[];
  /** Destination names by id, to name each mission's stops (a deleted destination shows by its id). */
  destinations: Record<string, string>;
  selected: number[];
  sort: { key: SortKey; descending: boolean };
  export: ExportState;
}

/** What the chart shows per day: metres driven or seconds busy. */
export type DiagnosticView = 'distance' | 'time';

/** The diagnostic page's slice. */
export interface DiagnosticsState {
  /** The newest of the 12 periods: the month the page was opened in. */
  current: Period | null;
  period: Period | null;
  view: DiagnosticView;
  /** Metres or seconds per day of the month, as the robot answered. */
  days: { day: number; value: number }[];
  status: LoadStatus;
  batteries: { health: number; charge: number }[];
  batteriesStatus: LoadStatus;
  export: ExportState;
}

export function initialMissionData(): MissionDataState {
  return {
    period: null,
    status: 'idle',
    missions: [],
    destinations: {},
    selected: [],
    sort: { key: 'date', descending: true },
    export: { status: 'idle', path: null },
  };
}

export function initialDiagnostics(): DiagnosticsState {
  return {
    current: null,
    period: null,
    view: 'distance',
    days: [],
    status: 'idle',
    batteries: [],
    batteriesStatus: 'idle',
    export: { status: 'idle', path: null },
  };
}
