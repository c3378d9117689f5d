/** The map area: the live map frames, the map screens' intents, calls and page entries. */
import type { Area } from '../area';
import type { DraftFn } from '../turn';
import { onSlice } from '../turn';
import { userActive } from '../lock/lock';
import { acceptMap } from './accept';
import { MAP_INTENTS } from './handle';
import { MAP_CALLS } from './calls';
import type { MapIntent } from './intents';
import { enterMapPage } from './pages';

/** A map intent is the person's activity too (the lock's 900 s start again). */
function active<E extends MapIntent>(handler: DraftFn<E>): DraftFn<E> {
  return (d, ctx, event) => {
    userActive(d, ctx);
    handler(d, ctx, event);
  };
}

export const mapArea = {
  frames: { 'mapping/mapUpdate': onSlice('map', acceptMap) },
  intents: {
    'ui/mapPressed': active(MAP_INTENTS['ui/mapPressed']),
    'ui/mapToolChosen': active(MAP_INTENTS['ui/mapToolChosen']),
    'ui/destinationEdited': active(MAP_INTENTS['ui/destinationEdited']),
    'ui/zoneDeleted': active(MAP_INTENTS['ui/zoneDeleted']),
    'ui/mappingPanel': active(MAP_INTENTS['ui/mappingPanel']),
    'ui/relocalized': active(MAP_INTENTS['ui/relocalized']),
  },
  calls: MAP_CALLS,
  enter: (d, ctx, path) => enterMapPage(d, ctx, path),
} satisfies Area;
