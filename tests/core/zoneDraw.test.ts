/** Drawing a no-go zone by dragging as well as by two presses (issue 18), through `step`, and its pure draft. */
import { describe, expect, it } from 'vitest';
import { bootedMap, mapImage, type MapHarness } from './mapHelpers';
import { drawsZones, zoneDraft } from '../../core/map/zoneDraw';

// 8 x 6 image, 0.5 m per pixel, origin (-1, -2); every pixel free.
const MAP = { image: mapImage(8, 6, () => 254), origin: { x: -1, y: -2 }, resolution: 0.5, robot: { x: 0, y: 0, orientation: 0 } };

function withZoneTool(path = '/map'): MapHarness {
  const h = bootedMap(path);
  h.answer('api/map/latest', MAP);
  if (path === '/map') {
    h.answer('api/destinations', []);
    h.answer('api/no-go-zones', []);
  }
  h.send({ type: 'ui/mapToolChosen', tool: 'zone' });
  return h;
}

const zonePosts = (h: MapHarness) => h.requests('api/no-go-zone').filter((r) => r.method === 'POST');

describe('a drag with the zone tool', () => {
  it('makes the zone from the press to the release at once, floored and covering both corner pixels', () => {
    const h = withZoneTool();
    h.send({ type: 'ui/mapPressed', from: { px: 5.9, py: 4.2 }, px: 1.1, py: 0.7 });
    expect(zonePosts(h).map((r) => r.body)).toEqual([{ x: 1, y: 0, width: 5, height: 5 }]);
    expect(h.state.mapEdit.zoneCorner).toBeNull();
    h.answer('api/no-go-zone', { id: 9, x: 1, y: 0, width: 5, height: 5 });
    expect(h.state.mapEdit.zones).toEqual([{ id: 9, x: 1, y: 0, width: 5, height: 5 }]);
  });

  it('makes the same zone as two presses at its ends', () => {
    const ends = [{ px: 6.5, py: 1.2 }, { px: 2.4, py: 3.9 }] as const;
    const dragged = withZoneTool();
    dragged.send({ type: 'ui/mapPressed', from: ends[0], ...ends[1] });
    const pressed = withZoneTool();
    pressed.send({ type: 'ui/mapPressed', ...ends[0] });
    expect(zonePosts(pressed)).toHaveLength(0);
    pressed.send({ type: 'ui/mapPressed', ...ends[1] });
    expect(zonePosts(dragged)[0]?.body).toEqual({ x: 2, y: 1, width: 5, height: 3 });
    expect(zonePosts(pressed)[0]?.body).toEqual(zonePosts(dragged)[0]?.body);
  });

  it('clamps a drag that leaves the image to its edges', () => {
    const h = withZoneTool();
    h.send({ type: 'ui/mapPressed', from: { px: -30, py: 2.5 }, px: 40, py: 99 });
    expect(zonePosts(h)[0]?.body).toEqual({ x: 0, y: 2, width: 8, height: 4 });
  });

  it('drops a first corner tapped before: the drag is a whole zone, and the next tap starts a new one', () => {
    const h = withZoneTool();
    h.send({ type: 'ui/mapPressed', px: 7.5, py: 5.5 });
    expect(h.state.mapEdit.zoneCorner).toEqual({ px: 7, py: 5 });
    h.send({ type: 'ui/mapPressed', from: { px: 0.5, py: 0.5 }, px: 1.5, py: 1.5 });
    expect(zonePosts(h).map((r) => r.body)).toEqual([{ x: 0, y: 0, width: 2, height: 2 }]);
    expect(h.state.mapEdit.zoneCorner).toBeNull();
    h.send({ type: 'ui/mapPressed', px: 3.5, py: 3.5 });
    expect(h.state.mapEdit.zoneCorner).toEqual({ px: 3, py: 3 });
    expect(zonePosts(h)).toHaveLength(1);
  });

  it('does nothing with another tool, on another page, or with a point that is not a number', () => {
    const destination = withZoneTool();
    destination.send({ type: 'ui/mapToolChosen', tool: 'destination' });
    destination.send({ type: 'ui/mapPressed', from: { px: 0.5, py: 0.5 }, px: 3.5, py: 3.5 });
    expect(destination.state.mapEdit.editor).toBeNull(); // a drag is not a tap: no destination either
    const pan = withZoneTool();
    pan.send({ type: 'ui/mapToolChosen', tool: 'pan' });
    pan.send({ type: 'ui/mapPressed', from: { px: 0.5, py: 0.5 }, px: 3.5, py: 3.5 });
    const mapping = withZoneTool('/mapping/edit');
    mapping.send({ type: 'ui/mapPressed', from: { px: 0.5, py: 0.5 }, px: 3.5, py: 3.5 });
    const broken = withZoneTool();
    broken.send({ type: 'ui/mapPressed', from: { px: Number.NaN, py: 0.5 }, px: 3.5, py: 3.5 });
    broken.send({ type: 'ui/mapPressed', from: {} as { px: number; py: number }, px: 3.5, py: 3.5 });
    for (const h of [destination, pan, mapping, broken]) expect(zonePosts(h)).toHaveLength(0);
  });
});

describe('the zone drawn so far (pure)', () => {
  const map = { width: 800, height: 500, origin: { x: -1.2, y: -2 }, resolution: 0.05 };

  it('is the rectangle the release makes, with its size and centre in metres', () => {
    expect(zoneDraft(map, { px: 619.7, py: 239.2 }, { px: 560.2, py: 210.9 })).toEqual({
      rect: { x: 560, y: 210, width: 60, height: 30 },
      metres: { x: 28.3, y: 11.8, width: 3, height: 1.5 },
    });
    expect(zoneDraft(map, { px: -5, py: 600 }, { px: -1, py: 499.5 })?.rect).toEqual({ x: 0, y: 499, width: 1, height: 1 });
    expect(zoneDraft(map, { px: Number.NaN, py: 1 }, { px: 1, py: 1 })).toBeNull();
  });

  it('is drawn only with the zone tool on /map', () => {
    expect(drawsZones({ route: { path: '/map' }, mapEdit: { tool: 'zone' } })).toBe(true);
    expect(drawsZones({ route: { path: '/map' }, mapEdit: { tool: 'pan' } })).toBe(false);
    expect(drawsZones({ route: { path: '/mapping/edit' }, mapEdit: { tool: 'zone' } })).toBe(false);
  });
});
