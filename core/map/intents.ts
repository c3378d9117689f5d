/** The map screens' intents (user facts), part of the core's UiEvent union. */
import type { MapTool } from './mapState';
import type { PanelAction } from './panel';

/** Something done in the destination editor or its recipients list. */
export type DestinationEdit =
  | { op: 'open'; id: number }
  | { op: 'orientation'; orientation: number }
  | { op: 'color'; color: string }
  | { op: 'continue' }
  | { op: 'back' }
  | { op: 'save'; name: string }
  | { op: 'delete' }
  | { op: 'deleteConfirmed' }
  | { op: 'deleteCancelled' }
  | { op: 'close' }
  | { op: 'recipientAdd'; name: string }
  | { op: 'recipientDelete'; id: number };

export type MapIntent =
  /**
   * A press on the map, in image pixels (fractional; the core floors and hit-tests), where it was released.
   * `from` is where it went down when the finger was dragged (the zone tool draws a zone from there to here).
   */
  | { type: 'ui/mapPressed'; at: number; px: number; py: number; from?: { px: number; py: number } }
  | { type: 'ui/mapToolChosen'; at: number; tool: MapTool }
  | { type: 'ui/destinationEdited'; at: number; edit: DestinationEdit }
  | { type: 'ui/zoneDeleted'; at: number; id: number }
  /** The paused panel of /mapping/track, and the buttons of /mapping/edit ('save' continues, 'finish' ends). */
  | { type: 'ui/mappingPanel'; at: number; action: PanelAction | 'save' | 'finish' | 'exitWait' }
  /** /node-lost: a direction chosen, Confirm, or closing the picker. */
  | { type: 'ui/relocalized'; at: number; action: 'orientation' | 'confirm' | 'cancel'; orientation?: number };

export type MapIntentType = MapIntent['type'];
