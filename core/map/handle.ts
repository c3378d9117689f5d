/** Routes the map screens' intents to their handlers. */
import type { Ctx, DraftState } from '../context';
import type { MapIntent } from './intents';
import { destinationEdited } from './editor';
import { mapPressed } from './press';
import { mappingPanel } from './mappingPages';
import { relocalized } from './lost';
import { request } from '../calls/request';

export function handleMapIntent(d: DraftState, ctx: Ctx, event: MapIntent): void {
  switch (event.type) {
    case 'ui/mapPressed':
      return mapPressed(d, ctx, event.px, event.py);
    case 'ui/mapToolChosen':
      d.mapEdit.tool = event.tool;
      d.mapEdit.zoneCorner = null;
      return;
    case 'ui/destinationEdited':
      return destinationEdited(d, ctx, event.edit);
    case 'ui/zoneDeleted':
      if (d.route.path !== '/map') return;
      d.mapEdit.error = null;
      request(d, ctx, 'mapZoneDelete', 'DELETE', `api/no-go-zone/${event.id}`, undefined, { id: event.id });
      return;
    case 'ui/mappingPanel':
      return mappingPanel(d, ctx, event.action);
    case 'ui/relocalized':
      return relocalized(d, ctx, event.action, event.orientation);
  }
}
