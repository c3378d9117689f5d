/** The map screens' part of the core state: plain data only (the pixels stay beside it, see grid.ts). */
import type { Destination, NoGoZone, Recipient } from '../schemas/entities';
import type { PanelState } from './panel';

/** What a tap on the map does on /map and /mapping/edit. In pan mode taps are ignored (spec section 5). */
export type MapTool = 'destination' | 'zone' | 'pan';

export const DEFAULT_COLOR = '#d9d9d9';

/** The destination being edited: a new one (id null) placed by a tap, or an existing one. */
export interface DestinationEditor {
  id: number | null;
  x: number;
  y: number;
  orientation: number | null;
  color: string;
  /** The name to start the naming step with (the destination's own, or the mapping location's). */
  name: string;
  step: 'orientation' | 'naming';
  /** Delete asked once; 'again' for Base, whose loss stops the charging mission (asked twice). */
  confirmDelete: boolean | 'again';
}

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Which call failed last on a map screen, and the back end's words, so the page can say so. */
export interface MapError {
  what: 'save' | 'delete' | 'recipient' | 'zone' | 'position' | 'end' | 'load';
  message: string;
}

export interface MapEditState {
  destinations: Destination[];
  destinationsStatus: LoadStatus;
  zones: NoGoZone[];
  tool: MapTool;
  /** The first press of the no-go tool, in image pixels (floored and clamped). */
  zoneCorner: { px: number; py: number } | null;
  editor: DestinationEditor | null;
  /** The recipients of the destination open in the editor. */
  recipients: Recipient[];
  recipientsStatus: LoadStatus;
  /** A call the person waits on (save, delete, position, end). */
  busy: boolean;
  error: MapError | null;
  /** /mapping/track's paused panel. */
  panel: PanelState;
  /** Follow-me stopped while the paused panel is open (core/map/followPause.ts). */
  followPaused: boolean;
  /** /mapping/edit's `type` (edit, end, or anything else: no button). */
  editType: string | null;
  /** /node-lost: the spot tapped and the direction chosen. */
  relocalize: { x: number; y: number; orientation: number | null } | null;
  /** The latest map's fetch (GET api/map/latest): none when the robot has no map yet. */
  latest: 'idle' | 'loading' | 'loaded' | 'none' | 'failed';
}

export function initialMapEdit(): MapEditState {
  return {
    destinations: [],
    destinationsStatus: 'idle',
    zones: [],
    tool: 'destination',
    zoneCorner: null,
    editor: null,
    recipients: [],
    recipientsStatus: 'idle',
    busy: false,
    error: null,
    panel: 'default',
    followPaused: false,
    editType: null,
    relocalize: null,
    latest: 'idle',
  };
}
