/**
 * Draws one frame of the map's overlay canvas: the no-go zones and the marks, over the picture
 * (which is its own layer, see src/bridge/mapBitmap.ts). A view-sized canvas of a few shapes: cheap to redraw each frame.
 * Visual only.
 */
import type { ZoomTransform } from 'd3-zoom';
import { metresToImage, type MapFrame } from '../../core/map/geometry';
import type { NoGoZone } from '../../core/schemas/entities';

export interface MapScene {
  /** Whether a picture is on show (the marks are drawn over it only). */
  picture: boolean;
  frame: MapFrame | null;
  zones: readonly NoGoZone[];
  /** The first corner of a zone being drawn (image pixels). */
  corner: { px: number; py: number } | null;
  /** A chosen spot (new destination, relocalization), metres. */
  spot: { x: number; y: number } | null;
}

const ZONE_FILL = 'rgba(200, 30, 30, 0.28)';
const ZONE_EDGE = '#b3261e';

export function drawMap(ctx: CanvasRenderingContext2D, view: { width: number; height: number }, t: ZoomTransform, s: MapScene): void {
  const dpr = window.devicePixelRatio || 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, view.width, view.height);
  if (!s.picture) return;
  ctx.setTransform(dpr * t.k, 0, 0, dpr * t.k, dpr * t.x, dpr * t.y);
  const line = 2 / t.k;
  ctx.lineWidth = line;
  for (const z of s.zones) {
    ctx.fillStyle = ZONE_FILL;
    ctx.fillRect(z.x, z.y, z.width, z.height);
    ctx.strokeStyle = ZONE_EDGE;
    ctx.strokeRect(z.x, z.y, z.width, z.height);
  }
  if (s.corner) {
    ctx.fillStyle = ZONE_EDGE;
    ctx.fillRect(s.corner.px, s.corner.py, 1, 1);
    ring(ctx, s.corner.px + 0.5, s.corner.py + 0.5, 10 / t.k, ZONE_EDGE, line);
  }
  if (!s.frame) return;
  if (s.spot) {
    const p = metresToImage(s.frame, s.spot.x, s.spot.y);
    ring(ctx, p.px, p.py, 14 / t.k, '#d97706', 4 / t.k);
  }
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, colour: string, width: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke();
}
