/**
 * Drawing a no-go zone on /map with the zone tool, in either of two ways with the same rules (spec section 5,
 * issue 18): two presses (a corner, then the opposite one) or one drag (from where the finger went down to where
 * it lifted). Each corner is clamped to the map image and floored to whole pixels; the zone covers both corner
 * pixels, so it is at least one pixel and never reaches past the image's edge.
 */
import type { Ctx, DraftState } from '../context';
import { request } from '../calls/request';
import { zoneBetween, type MapFrame, type PixelRect } from './geometry';
import type { MapTool } from './mapState';
import { zoneInMetres } from './zoneMetres';

export interface ImagePoint {
  px: number;
  py: number;
}

/** Whether presses and drags on the map draw no-go zones: the zone tool, on /map only. Pure. */
export function drawsZones(s: { route: { path: string }; mapEdit: { tool: MapTool } }): boolean {
  return s.route.path === '/map' && s.mapEdit.tool === 'zone';
}

/** The map a zone is drawn on: its image size and its frame (for the metres). */
export interface ZoneMap extends MapFrame {
  width: number;
}

/**
 * The zone a drag from `from` to `to` makes, and how a person reads it (its size and centre in metres): what
 * the map shows while the finger moves, the same rectangle the release creates. Null for a point that is not a
 * number. Pure.
 */
export function zoneDraft(map: ZoneMap, from: ImagePoint, to: ImagePoint): { rect: PixelRect; metres: ReturnType<typeof zoneInMetres> } | null {
  if (![from.px, from.py, to.px, to.py].every(Number.isFinite)) return null;
  const rect = zoneBetween(map, from, to);
  return { rect, metres: zoneInMetres(rect, map) };
}

/**
 * A press with the zone tool, or a drag's release (`from`: where the drag began). The first press marks a
 * corner and the second makes the zone; a drag makes its zone at once, dropping a corner tapped before (it is a
 * whole zone of its own). One function for both, so both keep the same rules (and the worker stays small).
 */
export function zonePressed(d: DraftState, ctx: Ctx, size: { width: number; height: number }, at: ImagePoint, from?: ImagePoint): void {
  const m = d.mapEdit;
  const start = from ?? m.zoneCorner;
  if (![at.px, at.py, ...(start ? [start.px, start.py] : [])].every(Number.isFinite)) return;
  if (!start) {
    const corner = zoneBetween(size, at, at);
    m.zoneCorner = { px: corner.x, py: corner.y };
    return;
  }
  m.zoneCorner = null;
  m.error = null;
  request(d, ctx, 'mapZoneCreate', 'POST', 'api/no-go-zone', zoneBetween(size, start, at));
}
