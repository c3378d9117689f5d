/**
 * A press on the map, hit-tested in the core on the decoded grid of the version on show, so a replayed log
 * taps the same pixels. What it does depends on the page and the tool.
 */
import { log, type Ctx, type DraftState } from '../context';
import { freePixelAt } from './grid';
import { pixelToMetres } from './geometry';
import { canEdit, openNew } from './editor';
import { drawsZones, zonePressed, type ImagePoint } from './zoneDraw';

/** A press released at (px, py); `from`, when the finger was dragged there, is where it went down. */
export function mapPressed(d: DraftState, ctx: Ctx, px: number, py: number, from?: ImagePoint): void {
  const path = d.route.path;
  const m = d.mapEdit;
  const { origin, resolution, width, height } = d.map;
  if (!origin || resolution === null || width === null || height === null) return;
  if (drawsZones(d)) return zonePressed(d, ctx, { width, height }, { px, py }, from);
  if (from) return; // only the zone tool draws by dragging; elsewhere a drag pans
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
