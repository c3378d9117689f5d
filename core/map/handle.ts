/** The map screens' intents and their handlers. */
import type { DraftTable } from '../turn';
import type { MapIntent } from './intents';
import { destinationEdited } from './editor';
import { mapPressed } from './press';
import { mappingPanel } from './mappingPages';
import { relocalized } from './lost';
import { request } from '../calls/request';

/** What each map intent does: a missing or misspelled one is a compile error. */
export const MAP_INTENTS = {
  'ui/mapPressed': (d, ctx, event) => mapPressed(d, ctx, event.px, event.py, event.from),
  'ui/mapToolChosen': (d, ctx, event) => {
    d.mapEdit.tool = event.tool;
    d.mapEdit.zoneCorner = null;
  },
  'ui/destinationEdited': (d, ctx, event) => destinationEdited(d, ctx, event.edit),
  'ui/zoneDeleted': (d, ctx, event) => {
    if (d.route.path !== '/map') return;
    d.mapEdit.error = null;
    request(d, ctx, 'mapZoneDelete', 'DELETE', `api/no-go-zone/${event.id}`, undefined, { id: event.id });
  },
  'ui/mappingPanel': (d, ctx, event) => mappingPanel(d, ctx, event.action),
  'ui/relocalized': (d, ctx, event) => relocalized(d, ctx, event.action, event.orientation),
} satisfies DraftTable<MapIntent>;
