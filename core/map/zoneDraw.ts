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

function imageSize(d: DraftState): { width: number; height: number } | null {
  const { width, height } = d.map;
  return width === null || height === null ? null : { width, height };
}

function create(d: DraftState, ctx: Ctx, zone: PixelRect): void {
  d.mapEdit.zoneCorner = null;
  d.mapEdit.error = null;
  request(d, ctx, 'mapZoneCreate', 'POST', 'api/no-go-zone', zone);
}

/** A press with the zone tool: the first marks a corner, the second makes the zone. */
export function zonePressed(d: DraftState, ctx: Ctx, at: ImagePoint): void {
  const size = imageSize(d);
  if (!size || !Number.isFinite(at.px) || !Number.isFinite(at.py)) return;
  const m = d.mapEdit;
  if (!m.zoneCorner) {
    const corner = zoneBetween(size, at, at);
    m.zoneCorner = { px: corner.x, py: corner.y };
    return;
  }
  create(d, ctx, zoneBetween(size, m.zoneCorner, at));
}

/**
 * A drag with the zone tool makes the zone from its start to its end at once. A first corner tapped before is
 * dropped: the drag is a whole zone of its own.
 */
export function zoneDragged(d: DraftState, ctx: Ctx, from: ImagePoint, to: ImagePoint): void {
  const size = imageSize(d);
  if (!size || ![from.px, from.py, to.px, to.py].every(Number.isFinite)) return;
  create(d, ctx, zoneBetween(size, from, to));
}
