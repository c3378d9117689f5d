/** Pure map arithmetic: hit-testing, pixels and metres, no-go zones, zoom, the paused panel, `location`. */
import { describe, expect, it } from 'vitest';
import { FREE_MIN_GREY, freePixelAt, isFreeGrey, type OccupancyGrid } from '../../core/map/grid';
import { metresToImage, pixelToMetres, zoneBetween } from '../../core/map/geometry';
import { fitZoom, stepZoom, zoomBounds, zoomPercent, BUTTON_STEP, WHEEL_STEP } from '../../core/map/zoom';
import { panelTransition, type PanelAction, type PanelState } from '../../core/map/panel';
import { encodeLocation, parseEditQuery } from '../../core/map/location';
import { pngSize } from '../../core/map/accept';
import { searchDestinations } from '../../core/map/search';
import { mapImage } from './mapHelpers';
import { decodeMapGrid, decodeMapPng } from '../../worker/mapDecode';
import { encode } from 'fast-png';

describe('hit-testing (map_server trinary reading)', () => {
  // Row 0: 254 (map_server free), 255 (white), 205 (map_server unknown), 0 (occupied), 206 (first free level).
  const grid: OccupancyGrid = { width: 5, height: 2, data: new Uint8Array([254, 255, 205, 0, 206, 128, 128, 128, 128, 128]) };

  it('takes 254, 255 and 206 as free, 205, grey and black as not', () => {
    expect(FREE_MIN_GREY).toBe(206);
    expect([254, 255, 206].map(isFreeGrey)).toEqual([true, true, true]);
    expect([205, 128, 0].map(isFreeGrey)).toEqual([false, false, false]);
    expect(freePixelAt(grid, 0.5, 0.5)).toEqual({ px: 0, py: 0 });
    expect(freePixelAt(grid, 1.99, 0.01)).toEqual({ px: 1, py: 0 });
    expect(freePixelAt(grid, 4.2, 0.9)).toEqual({ px: 4, py: 0 });
    expect(freePixelAt(grid, 2.5, 0.5)).toBeNull();
    expect(freePixelAt(grid, 3.5, 0.5)).toBeNull();
    expect(freePixelAt(grid, 0.5, 1.5)).toBeNull();
  });

  it('ignores taps outside the image and non-numbers', () => {
    for (const [x, y] of [[-0.01, 0.5], [5, 0.5], [0.5, -0.2], [0.5, 2], [Number.NaN, 0], [0, Infinity]] as const)
      expect(freePixelAt(grid, x, y)).toBeNull();
  });

  it('reads a decoded PNG the same way (grey levels survive encode and decode)', () => {
    const png = mapImage(3, 1, (px) => [254, 205, 255][px] as number);
    const decoded = decodeMapPng(png);
    expect(decoded.grid).toMatchObject({ width: 3, height: 1 });
    expect(Array.from(decoded.grid.data)).toEqual([254, 205, 255]);
    expect(pngSize(png)).toEqual({ width: 3, height: 1 });
    expect(pngSize('bm90IGEgcG5nIGF0IGFsbCwgbm8gc2lyIG5vdCBhdCBhbGw=')).toBeNull();
  });

  it('gives an 8-bit grey image (its own pixels as the grid) the grid of the same floor in colour and with alpha', () => {
    const levels = [0, 254, 205, 255, 100, 206];
    const grey = Uint8Array.from(levels);
    const rgb = Uint8Array.from(levels.flatMap((g) => [g, g, g]));
    const greyAlpha = Uint8Array.from(levels.flatMap((g) => [g, 255]));
    const png = (data: Uint8Array, channels: number) => Buffer.from(encode({ width: 3, height: 2, data, channels, depth: 8 })).toString('base64');
    const fromGrey = decodeMapPng(png(grey, 1));
    expect(Array.from(fromGrey.grid.data)).toEqual(levels);
    expect(Array.from(decodeMapPng(png(rgb, 3)).grid.data)).toEqual(levels);
    expect(Array.from(decodeMapPng(png(greyAlpha, 2)).grid.data)).toEqual(levels);
    expect(Array.from(fromGrey.rgba.subarray(4, 8))).toEqual([254, 254, 254, 255]);
    expect(Array.from(decodeMapGrid(png(grey, 1)).data)).toEqual(levels);
  });
});

describe('pixels and metres', () => {
  const frame = { origin: { x: -1.2, y: -2 }, resolution: 0.05, height: 500 };

  it('puts a pixel centre where the issue says', () => {
    expect(pixelToMetres(frame, 0, 499)).toEqual({ x: -1.2 + 0.025, y: -2 + 0.025 });
    const p = pixelToMetres(frame, 10, 0);
    expect(p.x).toBeCloseTo(-1.2 + 10.5 * 0.05, 10);
    expect(p.y).toBeCloseTo(-2 + 499.5 * 0.05, 10);
  });

  it('round-trips within half a pixel', () => {
    for (const [px, py] of [[0, 0], [17, 3], [399, 499], [123, 456]] as const) {
      const m = pixelToMetres(frame, px, py);
      const back = metresToImage(frame, m.x, m.y);
      expect(Math.abs(back.px - (px + 0.5))).toBeLessThan(1e-9);
      expect(Math.abs(back.py - (py + 0.5))).toBeLessThan(1e-9);
      expect(Math.floor(back.px)).toBe(px);
      expect(Math.floor(back.py)).toBe(py);
    }
  });
});

describe('no-go zones', () => {
  const size = { width: 100, height: 50 };
  it('floors both corners to whole pixels, in either order', () => {
    expect(zoneBetween(size, { px: 10.9, py: 20.2 }, { px: 3.1, py: 5.7 })).toEqual({ x: 3, y: 5, width: 8, height: 16 });
  });
  it('clamps corners outside the image to its edge', () => {
    expect(zoneBetween(size, { px: -30, py: -1 }, { px: 250, py: 70.5 })).toEqual({ x: 0, y: 0, width: 100, height: 50 });
    expect(zoneBetween(size, { px: 99.99, py: 49.99 }, { px: 99.99, py: 49.99 })).toEqual({ x: 99, y: 49, width: 1, height: 1 });
  });
});

describe('zoom constants', () => {
  it('fits at 98% of the fitted scale, bounded by fit and 3 times it', () => {
    const fit = fitZoom({ width: 1000, height: 800 }, { width: 2000, height: 2000 });
    expect(fit).toBeCloseTo(0.98 * 0.4, 12);
    expect(zoomBounds(fit)).toEqual([fit, 3 * fit]);
    expect(zoomBounds(null)).toEqual([1, 2]);
  });
  it('steps 0.2 per button and 0.1 per wheel notch (in fits), clamped', () => {
    const fit = 0.5;
    expect(BUTTON_STEP).toBe(0.2);
    expect(WHEEL_STEP).toBe(0.1);
    expect(stepZoom(fit, fit, BUTTON_STEP)).toBeCloseTo(0.6, 12);
    expect(stepZoom(fit, fit, WHEEL_STEP)).toBeCloseTo(0.55, 12);
    expect(stepZoom(fit, fit, BUTTON_STEP, -1)).toBe(fit);
    expect(stepZoom(1.45, fit, BUTTON_STEP)).toBe(1.5);
    expect(stepZoom(1.2, null, BUTTON_STEP)).toBeCloseTo(1.4, 12);
  });
  it('shows 100% at the fit and 300% at the maximum', () => {
    expect(zoomPercent(0.5, 0.5)).toBe(100);
    expect(zoomPercent(0.6, 0.5)).toBe(120);
    expect(zoomPercent(1.5, 0.5)).toBe(300);
  });
});

describe('the paused panel', () => {
  const go = (s: PanelState, a: PanelAction) => panelTransition(s, a);
  it('follows the specification transitions', () => {
    expect(go('default', 'tap')).toEqual({ state: 'pausing', goTo: null });
    expect(go('pausing', 'resume')).toEqual({ state: 'default', goTo: null });
    expect(go('pausing', 'end')).toEqual({ state: 'ending', goTo: null });
    expect(go('pausing', 'edit')).toEqual({ state: 'editing', goTo: { page: 'edit', type: 'edit', withRobotPosition: false } });
    expect(go('pausing', 'addDestination')).toEqual({ state: 'editing', goTo: { page: 'edit', type: 'edit', withRobotPosition: true } });
    expect(go('ending', 'continue')).toEqual({ state: 'pausing', goTo: null });
    expect(go('ending', 'end')).toEqual({ state: 'default', goTo: { page: 'edit', type: 'end', withRobotPosition: false } });
  });
  it('ignores actions that do not apply in a state', () => {
    for (const [s, a] of [['default', 'end'], ['default', 'resume'], ['pausing', 'tap'], ['ending', 'resume'], ['editing', 'tap']] as const)
      expect(go(s, a)).toEqual({ state: s, goTo: null });
  });
});

describe('the location parameter', () => {
  it('reads type and a URL-encoded destination', () => {
    const loc = { name: 'Dock', x: 1.5, y: -2, orientation: 90, resolution: 0.05 };
    expect(parseEditQuery(`?type=edit&location=${encodeLocation(loc)}`)).toEqual({ type: 'edit', location: loc, locationError: null });
    expect(parseEditQuery('?type=end')).toEqual({ type: 'end', location: null, locationError: null });
  });
  it('fills a missing name and orientation', () => {
    expect(parseEditQuery(`location=${encodeURIComponent('{"x":1,"y":2}')}`).location).toEqual({ name: '', x: 1, y: 2, orientation: null, resolution: null });
  });
  it('refuses malformed locations without throwing', () => {
    for (const bad of ['%7Bnot json', encodeURIComponent('{"x":"1","y":2}'), encodeURIComponent('[1,2]'), '%E0%A4%A', encodeURIComponent('{"x":1}')]) {
      const q = parseEditQuery(`?type=edit&location=${bad}`);
      expect(q.location).toBeNull();
      if (bad !== '%E0%A4%A') expect(q.locationError).toMatch(/location/);
    }
  });
});

describe('destination search', () => {
  const list = [{ name: 'Base' }, { name: 'Office A' }, { name: 'office b' }];
  it('matches a case-insensitive substring; an empty query shows nothing', () => {
    expect(searchDestinations(list, 'OFF').map((d) => d.name)).toEqual(['Office A', 'office b']);
    expect(searchDestinations(list, 'se')).toEqual([{ name: 'Base' }]);
    expect(searchDestinations(list, '')).toEqual([]);
    expect(searchDestinations(list, 'zzz')).toEqual([]);
  });
});
