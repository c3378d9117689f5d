/** The destination editor and its recipients: open, orient, colour, name, save, delete (spec 4 and 5). */
import { log, type Ctx, type DraftState } from '../context';
import { request } from '../calls/request';
import type { DestinationEdit } from './intents';
import { DEFAULT_COLOR } from './mapState';
import { isCompassAngle } from './geometry';
import { isBase } from '../missions/views';

/** Read-only map screens (/node-lost) never edit. */
export function canEdit(path: string): boolean {
  return path === '/map' || path === '/mapping/edit';
}

/** Opens the editor for a new destination at a map-frame point. */
export function openNew(d: DraftState, at: { x: number; y: number }, name = '', orientation: number | null = null): void {
  const m = d.mapEdit;
  m.editor = { id: null, x: at.x, y: at.y, orientation, color: DEFAULT_COLOR, name, step: 'orientation', confirmDelete: false };
  m.recipients = [];
  m.recipientsStatus = 'idle';
  m.error = null;
}

function openExisting(d: DraftState, ctx: Ctx, id: number): void {
  const m = d.mapEdit;
  const dest = m.destinations.find((x) => x.id === id);
  if (!dest) return log(ctx, 'warn', `destination ${id} is not in the list`);
  m.editor = {
    id,
    x: dest.x,
    y: dest.y,
    orientation: dest.orientation,
    color: dest.color ?? DEFAULT_COLOR,
    name: dest.name,
    step: 'orientation',
    confirmDelete: false,
  };
  m.error = null;
  m.recipients = [];
  m.recipientsStatus = 'loading';
  request(d, ctx, 'mapRecipients', 'GET', `api/recipients/destination/${id}`, undefined, { destinationId: id });
}

/** Handles one editor intent. Nothing happens while a save is waiting, or on a read-only page. */
export function destinationEdited(d: DraftState, ctx: Ctx, edit: DestinationEdit): void {
  const m = d.mapEdit;
  if (!canEdit(d.route.path) || m.busy) return;
  if (edit.op === 'open') return openExisting(d, ctx, edit.id);
  const e = m.editor;
  if (!e) return;
  switch (edit.op) {
    case 'orientation':
      if (isCompassAngle(edit.orientation)) e.orientation = edit.orientation;
      return;
    case 'color':
      if (/^#[0-9a-fA-F]{6}$/.test(edit.color)) e.color = edit.color.toLowerCase();
      return;
    case 'continue':
      // For a new destination a direction must be chosen first (spec section 5).
      if (e.orientation !== null) e.step = 'naming';
      return;
    case 'back':
      e.step = 'orientation';
      return;
    case 'save':
      return save(d, ctx, edit.name);
    case 'delete':
      if (e.id !== null) e.confirmDelete = true;
      return;
    case 'deleteCancelled':
      e.confirmDelete = false;
      return;
    case 'deleteConfirmed':
      if (e.id === null || !e.confirmDelete) return;
      if (e.confirmDelete === true && isBase(e)) return void (e.confirmDelete = 'again');
      m.busy = true;
      m.error = null;
      request(d, ctx, 'mapDestinationDelete', 'DELETE', `api/destination/${e.id}`, undefined, { id: e.id });
      return;
    case 'close':
      m.editor = null;
      m.error = null;
      return;
    case 'recipientAdd': {
      const name = edit.name.trim();
      if (e.id === null || name === '') return;
      m.error = null;
      request(d, ctx, 'mapRecipientCreate', 'POST', 'api/recipient', { name, destination_id: e.id }, { destinationId: e.id });
      return;
    }
    case 'recipientDelete':
      m.error = null;
      request(d, ctx, 'mapRecipientDelete', 'DELETE', `api/recipient/${edit.id}`, undefined, { id: edit.id });
      return;
  }
}

/** Add or Update: the name is required; the destination goes with the map's resolution (api.md). */
function save(d: DraftState, ctx: Ctx, typed: string): void {
  const m = d.mapEdit;
  const e = m.editor;
  const name = typed.trim();
  if (!e || name === '' || e.orientation === null) return;
  e.name = name;
  m.busy = true;
  m.error = null;
  const body = { name, x: e.x, y: e.y, orientation: e.orientation, color: e.color, resolution: d.map.resolution ?? 0.05 };
  if (e.id === null) request(d, ctx, 'mapDestinationCreate', 'POST', 'api/destination', body);
  else request(d, ctx, 'mapDestinationUpdate', 'PATCH', `api/destination/${e.id}`, body, { id: e.id });
}
