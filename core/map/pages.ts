/** What the map pages start when entered: the map, the destinations and zones, the panel, the edit query. */
import type { Ctx, DraftState } from '../context';
import { syncFollow } from './followPause';
import { request } from '../calls/request';
import { reject } from '../rejections';
import { openNew } from './editor';
import { parseEditQuery } from './location';

const MAP_PAGES = new Set(['/map', '/node-lost', '/mapping/track', '/mapping/edit']);

function loadLatest(d: DraftState, ctx: Ctx): void {
  d.mapEdit.latest = 'loading';
  request(d, ctx, 'mapLatest', 'GET', 'api/map/latest');
}

function loadPlaces(d: DraftState, ctx: Ctx): void {
  d.mapEdit.destinationsStatus = 'loading';
  request(d, ctx, 'mapDestinations', 'GET', 'api/destinations');
  request(d, ctx, 'mapZones', 'GET', 'api/no-go-zones');
}

/** Called by the core's page hooks on every page entry. */
export function enterMapPage(d: DraftState, ctx: Ctx, path: string): void {
  if (!MAP_PAGES.has(path)) return;
  const m = d.mapEdit;
  m.editor = null;
  m.error = null;
  m.busy = false;
  m.zoneCorner = null;
  m.relocalize = null;
  m.tool = 'destination';
  if (path === '/map' || path === '/node-lost') {
    loadLatest(d, ctx);
    // The lost robot's page shows the destinations too (read-only): they help find the spot.
    loadPlaces(d, ctx);
  }
  if (path === '/mapping/track') {
    m.panel = 'default';
    syncFollow(d, ctx);
    // The live map shows the destinations, one added while mapping included (issue 18).
    loadPlaces(d, ctx);
    // A reload mid-mapping has no live map until the next update: ask for it.
    if (d.map.version === 0) loadLatest(d, ctx);
  }
  if (path === '/mapping/edit') enterMappingEdit(d, ctx);
}

function enterMappingEdit(d: DraftState, ctx: Ctx): void {
  const q = parseEditQuery(d.route.search);
  d.mapEdit.editType = q.type;
  if (d.map.version === 0) loadLatest(d, ctx);
  loadPlaces(d, ctx);
  if (q.locationError) reject(d, ctx, 'route /mapping/edit', q.locationError);
  if (q.location) openNew(d, q.location, q.location.name, q.location.orientation);
}
