/**
 * A press on the map, hit-tested in the core on the decoded grid of the version on show, so a replayed log
 * taps the same pixels. What it does depends on the page and the tool.
 */
import { log, type Ctx, type DraftState } from '../context';
import { request } from '../calls/request';
import { freePixelAt } from './grid';
import { pixelToMetres, zoneBetween } from './geometry';
import { canEdit, openNew } from './editor';

export function mapPressed(d: DraftState, ctx: Ctx, px: number, py: number): void {
  const path = d.route.path;
  const m = d.mapEdit;
  const { origin, resolution, width, height } = d.map;
  if (!origin || resolution === null || width === null || height === null) return;
  if (path === '/map' && m.tool === 'zone') return zonePress(d, ctx, px, py, { width, height });
  const onLost = path === '/node-lost';
  if (!onLost && !(canEdit(path) && m.tool === 'destination')) return; // pan mode, or no editing here
  if (m.busy || (m.editor && !onLost)) return;
  const grid = ctx.side?.grid(d.map.version);
  if (!grid) return log(ctx, 'info', `map version ${d.map.version} not decoded yet; press ignored`);
  const hit = freePixelAt(grid, px, py);
  if (!hit) return; // unknown, occupied, or outside the image: nothing happens (spec section 5)
  const at = pixelToMetres({ origin, resolution, height }, hit.px, hit.py);
  if (onLost) {
    m.relocalize = { x: at.x, y: at.y, orientation: null };
    m.error = null;
  } else openNew(d, at);
}

/** The no-go tool: the first press marks a corner, the second makes the zone (clamped, floored). */
function zonePress(d: DraftState, ctx: Ctx, px: number, py: number, size: { width: number; height: number }): void {
  const m = d.mapEdit;
  if (!Number.isFinite(px) || !Number.isFinite(py)) return;
  const corner = zoneBetween(size, { px, py }, { px, py });
  if (!m.zoneCorner) {
    m.zoneCorner = { px: corner.x, py: corner.y };
    return;
  }
  const zone = zoneBetween(size, m.zoneCorner, { px, py });
  m.zoneCorner = null;
  m.error = null;
  request(d, ctx, 'mapZoneCreate', 'POST', 'api/no-go-zone', zone);
}
