/** The map screens through `step`: state and effects of /map, /mapping/*, /node-lost. */
import { describe, expect, it } from 'vitest';
import { bootedMap, mapImage, type MapHarness } from './mapHelpers';
import { encodeLocation } from '../../core/map/location';
import { alertType, lockShown, overlayType } from '../../core/selectors';

// 4 x 3 image, origin (-1, -2), 0.5 m per pixel. Row 0: free 254, free 255, unknown 205, occupied 0.
const GREYS = [
  [254, 255, 205, 0],
  [254, 254, 254, 254],
  [128, 128, 128, 128],
];
const IMAGE = mapImage(4, 3, (px, py) => GREYS[py]?.[px] as number);
const MAP = { image: IMAGE, origin: { x: -1, y: -2 }, resolution: 0.5, robot: { x: 0.25, y: -0.75, orientation: 90 } };
const DEST = { id: 7, name: 'Office A', x: 0, y: 0, orientation: 90, resolution: 0.5, color: '#ff0000', created_at: '2026-11-22T09:00:00Z' };

function onMap(): MapHarness {
  const h = bootedMap('/map');
  expect(h.state.route.path).toBe('/map');
  h.answer('api/map/latest', MAP);
  h.answer('api/destinations', [DEST]);
  h.answer('api/no-go-zones', [{ id: 3, x: 0, y: 0, width: 1, height: 1 }]);
  return h;
}

describe('/map', () => {
  it('loads the latest map, the destinations and the zones; the image goes to the shell once', () => {
    const h = bootedMap('/map');
    const fx = h.answer('api/map/latest', MAP);
    expect(fx.filter((e) => e.type === 'map/image')).toEqual([{ type: 'map/image', version: h.state.map.version, image: IMAGE }]);
    expect(h.state.map).toMatchObject({ width: 4, height: 3, resolution: 0.5, origin: { x: -1, y: -2 } });
    expect(JSON.stringify(h.state)).not.toContain(IMAGE.slice(0, 40));
    h.answer('api/destinations', [DEST]);
    expect(h.state.mapEdit.destinations).toEqual([DEST]);
  });

  it('a tap on a free pixel opens the editor at its centre in metres; others do nothing', () => {
    const h = onMap();
    h.send({ type: 'ui/mapPressed', px: 2.5, py: 0.5 }); // unknown 205
    h.send({ type: 'ui/mapPressed', px: 3.5, py: 0.5 }); // occupied
    h.send({ type: 'ui/mapPressed', px: 0.5, py: 2.5 }); // grey
    h.send({ type: 'ui/mapPressed', px: -0.5, py: 0.5 }); // outside
    expect(h.state.mapEdit.editor).toBeNull();
    h.send({ type: 'ui/mapPressed', px: 1.9, py: 0.1 }); // 255, pixel (1, 0)
    expect(h.state.mapEdit.editor).toMatchObject({ id: null, x: -1 + 1.5 * 0.5, y: -2 + 2.5 * 0.5, orientation: null, color: '#d9d9d9', step: 'orientation' });
  });

  it('ignores taps in pan mode', () => {
    const h = onMap();
    h.send({ type: 'ui/mapToolChosen', tool: 'pan' });
    h.send({ type: 'ui/mapPressed', px: 0.5, py: 0.5 });
    expect(h.state.mapEdit.editor).toBeNull();
  });

  it('adds a destination: direction first, then a required name; the answer is merged into the list', () => {
    const h = onMap();
    h.send({ type: 'ui/mapPressed', px: 0.5, py: 1.5 });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'continue' } });
    expect(h.state.mapEdit.editor?.step).toBe('orientation');
    h.send({ type: 'ui/destinationEdited', edit: { op: 'orientation', orientation: 12 } });
    expect(h.state.mapEdit.editor?.orientation).toBeNull();
    h.send({ type: 'ui/destinationEdited', edit: { op: 'orientation', orientation: -135 } });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'color', color: '#00AA00' } });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'continue' } });
    expect(h.state.mapEdit.editor?.step).toBe('naming');
    expect(h.send({ type: 'ui/destinationEdited', edit: { op: 'save', name: '   ' } })).toEqual([]);
    h.send({ type: 'ui/destinationEdited', edit: { op: 'save', name: ' Lab ' } });
    expect(h.lastRequest('api/destination')).toMatchObject({
      method: 'POST',
      body: { name: 'Lab', x: -0.75, y: -1.25, orientation: -135, color: '#00aa00', resolution: 0.5 },
    });
    h.answer('api/destination', { id: 9, name: 'Lab', x: -0.75, y: -1.25, orientation: -135, resolution: 0.5, color: '#00aa00', created_at: 'now' });
    expect(h.state.mapEdit.editor).toBeNull();
    expect(h.state.mapEdit.destinations.map((d) => d.id)).toEqual([7, 9]);
  });

  it('a failed save keeps the editor and what was typed, and says why', () => {
    const h = onMap();
    h.send({ type: 'ui/destinationEdited', edit: { op: 'open', id: 7 } });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'continue' } });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'save', name: 'Office B' } });
    expect(h.lastRequest('api/destination/7')).toMatchObject({ method: 'PATCH', body: { name: 'Office B', orientation: 90, color: '#ff0000' } });
    h.answer('api/destination/7', 'invalid_request', 400);
    expect(h.state.mapEdit.editor).toMatchObject({ id: 7, name: 'Office B', step: 'naming' });
    expect(h.state.mapEdit.error).toEqual({ what: 'save', message: 'failed: invalid_request' });
    expect(h.state.mapEdit.busy).toBe(false);
    expect(h.state.mapEdit.destinations[0]?.name).toBe('Office A');
  });

  it('edits recipients and deletes a destination after confirming', () => {
    const h = onMap();
    h.send({ type: 'ui/destinationEdited', edit: { op: 'open', id: 7 } });
    h.answer('api/recipients/destination/7', [{ id: 2, name: 'Ada', destination_id: 7 }]);
    h.send({ type: 'ui/destinationEdited', edit: { op: 'recipientAdd', name: ' Bob ' } });
    expect(h.lastRequest('api/recipient').body).toEqual({ name: 'Bob', destination_id: 7 });
    h.answer('api/recipient', { id: 3, name: 'Bob', destination_id: 7 });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'recipientDelete', id: 2 } });
    h.answer('api/recipient/2', {});
    expect(h.state.mapEdit.recipients.map((r) => r.name)).toEqual(['Bob']);
    h.send({ type: 'ui/destinationEdited', edit: { op: 'deleteConfirmed' } });
    expect(h.requests('api/destination/7').filter((r) => r.method === 'DELETE')).toHaveLength(0);
    h.send({ type: 'ui/destinationEdited', edit: { op: 'delete' } });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'deleteConfirmed' } });
    h.answer('api/destination/7', {});
    expect(h.state.mapEdit.destinations).toEqual([]);
    expect(h.state.mapEdit.editor).toBeNull();
  });

  it('draws a no-go zone with two presses, clamped and floored, and deletes it', () => {
    const h = onMap();
    h.send({ type: 'ui/mapToolChosen', tool: 'zone' });
    h.send({ type: 'ui/mapPressed', px: 2.7, py: 9 });
    expect(h.state.mapEdit.zoneCorner).toEqual({ px: 2, py: 2 });
    h.send({ type: 'ui/mapPressed', px: -4, py: 0.6 });
    expect(h.lastRequest('api/no-go-zone').body).toEqual({ x: 0, y: 0, width: 3, height: 3 });
    h.answer('api/no-go-zone', { id: 4, x: 0, y: 0, width: 3, height: 3 });
    expect(h.state.mapEdit.zones.map((z) => z.id)).toEqual([3, 4]);
    h.send({ type: 'ui/zoneDeleted', id: 3 });
    h.answer('api/no-go-zone/3', {});
    expect(h.state.mapEdit.zones.map((z) => z.id)).toEqual([4]);
  });

  it('ignores a press before the image is decoded (no grid for the version)', () => {
    const h = onMap();
    h.grids.byVersion.clear();
    const fx = h.send({ type: 'ui/mapPressed', px: 0.5, py: 0.5 });
    expect(h.state.mapEdit.editor).toBeNull();
    expect(fx).toContainEqual({ type: 'log', level: 'info', message: expect.stringContaining('not decoded') });
  });
});

describe('mapping by following', () => {
  function tracking(): MapHarness {
    const h = bootedMap('/mapping/wait');
    h.ws('robot/userFollowed');
    expect(h.state.route.path).toBe('/mapping/track');
    h.ws('mapping/mapUpdate', MAP);
    return h;
  }

  it('walks the panel to Add destination at the robot position, saves, continues, then ends', () => {
    const h = tracking();
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    expect(h.state.mapEdit.panel).toBe('pausing');
    h.send({ type: 'ui/mappingPanel', action: 'addDestination' });
    expect(h.state.route.path).toBe('/mapping/edit');
    expect(h.state.route.search).toBe(`type=edit&location=${encodeLocation({ name: '', x: 0.25, y: -0.75, orientation: null, resolution: 0.5 })}`);
    expect(h.state.mapEdit.editor).toMatchObject({ id: null, x: 0.25, y: -0.75 });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'orientation', orientation: 0 } });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'continue' } });
    h.send({ type: 'ui/destinationEdited', edit: { op: 'save', name: 'Dock' } });
    h.answer('api/destination', { ...DEST, id: 11, name: 'Dock' });
    // The saved spot leaves the address (replaced in place): a reload now shows the map, not 'New destination'
    // for the same spot again (issue 34).
    expect(h.state.route).toMatchObject({ path: '/mapping/edit', search: 'type=edit', replace: true });
    expect(h.state.mapEdit.editor).toBeNull();
    h.send({ type: 'ui/mappingPanel', action: 'save' });
    expect(h.state.route.path).toBe('/mapping/track');
    expect(h.state.mapEdit.panel).toBe('default');
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    h.send({ type: 'ui/mappingPanel', action: 'end' });
    expect(h.state.mapEdit.panel).toBe('ending');
    h.send({ type: 'ui/mappingPanel', action: 'continue' });
    expect(h.state.mapEdit.panel).toBe('pausing');
    h.send({ type: 'ui/mappingPanel', action: 'end' });
    h.send({ type: 'ui/mappingPanel', action: 'end' });
    expect(h.state.route).toMatchObject({ path: '/mapping/edit', search: 'type=end' });
    h.send({ type: 'ui/mappingPanel', action: 'save' }); // no 'Save and continue' with type end
    expect(h.state.route.path).toBe('/mapping/edit');
    h.send({ type: 'ui/mappingPanel', action: 'finish' });
    h.answer('api/mapping/stop', {});
    expect(h.state.route.path).toBe('/mapping/edit');
    h.answer('api/follow-me/stop', {});
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.follow.following).toBe(false);
  });

  it('a failed stop stays on the page and says so', () => {
    const h = tracking();
    h.send({ type: 'ui/navigated', path: '/mapping/edit', search: 'type=end' });
    h.send({ type: 'ui/mappingPanel', action: 'finish' });
    h.answer('api/mapping/stop', 'conflict', 409);
    expect(h.state.route.path).toBe('/mapping/edit');
    expect(h.state.mapEdit.error?.what).toBe('end');
  });

  it('shows no button for another type, and a malformed location is a logged rejection', () => {
    const h = tracking();
    const before = h.state.rejections.count;
    const fx = h.send({ type: 'ui/navigated', path: '/mapping/edit', search: 'type=other&location=%7Bnope' });
    expect(h.state.route.path).toBe('/mapping/edit');
    expect(h.state.mapEdit.editType).toBe('other');
    expect(h.state.mapEdit.editor).toBeNull();
    expect(h.state.rejections.count).toBe(before + 1);
    expect(fx).toContainEqual({ type: 'log', level: 'warn', message: expect.stringContaining('location is not JSON') });
    h.send({ type: 'ui/mappingPanel', action: 'finish' });
    h.send({ type: 'ui/mappingPanel', action: 'save' });
    expect(h.requests('api/mapping/stop')).toHaveLength(0);
    expect(h.state.route.path).toBe('/mapping/edit');
  });

  it('never locks on /mapping paths, through the whole walk', () => {
    const h = tracking();
    h.advance(3 * 900_000);
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    h.send({ type: 'ui/mappingPanel', action: 'edit' });
    expect(h.state.route).toMatchObject({ path: '/mapping/edit', search: 'type=edit' });
    h.advance(3 * 900_000);
    expect(h.state.session).toMatchObject({ lock: false, login: true });
    expect(lockShown(h.state)).toBe(false);
  });
});

describe('/node-lost', () => {
  function lost(): MapHarness {
    const h = bootedMap('/missions');
    h.ws('robot/alert_update', { activated_errors: ['node_lost'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] });
    h.send({ type: 'ui/alertManaged' });
    expect(h.state.route.path).toBe('/node-lost');
    // The 'I'm lost' overlay does not cover the page that answers it.
    expect(overlayType(h.state)).toBeNull();
    h.answer('api/map/latest', MAP);
    return h;
  }

  it('a free spot and a direction send the position, then the alert is in resolution', () => {
    const h = lost();
    h.send({ type: 'ui/mapPressed', px: 3.5, py: 0.5 });
    expect(h.state.mapEdit.relocalize).toBeNull();
    h.send({ type: 'ui/mapPressed', px: 0.5, py: 1.5 });
    expect(h.state.mapEdit.relocalize).toEqual({ x: -0.75, y: -1.25, orientation: null });
    h.send({ type: 'ui/relocalized', action: 'confirm' });
    expect(h.requests('api/position')).toHaveLength(0);
    h.send({ type: 'ui/relocalized', action: 'orientation', orientation: 45 });
    h.send({ type: 'ui/relocalized', action: 'confirm' });
    expect(h.lastRequest('api/position').body).toEqual({ x: -0.75, y: -1.25, orientation: 45 });
    h.answer('api/position', {});
    expect(h.state.route.path).toBe('/missions');
    expect(alertType(h.state)).toBe('inResolution');
  });

  it('a failed call says so and stays', () => {
    const h = lost();
    h.send({ type: 'ui/mapPressed', px: 0.5, py: 1.5 });
    h.send({ type: 'ui/relocalized', action: 'orientation', orientation: 180 });
    h.send({ type: 'ui/relocalized', action: 'confirm' });
    h.fail('api/position');
    expect(h.state.route.path).toBe('/node-lost');
    expect(h.state.mapEdit.error?.what).toBe('position');
    expect(h.state.mapEdit.relocalize).toMatchObject({ orientation: 180 });
  });

  it('is read-only: no editor opens', () => {
    const h = lost();
    h.send({ type: 'ui/destinationEdited', edit: { op: 'open', id: 7 } });
    expect(h.state.mapEdit.editor).toBeNull();
  });
});
