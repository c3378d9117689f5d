/** The map, mapping and follow-me, relocalisation and the no-go zones. */
import type { App } from '../app';
import { ApiError, conflict, notFound, type Router, validate } from './router';
import { poseBody, zoneBody } from './schemas';
import { iso } from '../types';

/** Registers the map-area calls. */
export function mapRoutes(r: Router, app: App): void {
  const { world, store } = app;

  r.on('GET', '/api/map/latest', () => world.mapView());

  const notOnMission = () => {
    if (world.runner.current) throw conflict('the robot is on a mission');
    if (world.manual) throw conflict('the robot is in manual mode');
  };
  r.on('POST', '/api/mapping/start', () => {
    notOnMission();
    // A new robot stands on its dock when its first map starts: that spot becomes "Base", so the charging
    // mission has somewhere to go (the wizard and mapping never make one).
    const hasBase = store.places.destinations().some((d) => d.name.trim().toLowerCase() === 'base');
    if (!store.maps.latest() && !hasBase) {
      const p = world.pose();
      store.places.createDestination({ name: 'Base', x: p.x, y: p.y, orientation: p.orientation, resolution: 0.05 }, iso(app.clock.now()));
    }
    world.startMapping();
    return {};
  });
  r.on('POST', '/api/mapping/stop', () => {
    if (!world.stopMapping()) throw conflict('mapping is not running');
    return {};
  });
  r.on('POST', '/api/follow-me/start', () => {
    notOnMission();
    world.startFollow();
    return {};
  });
  r.on('POST', '/api/follow-me/stop', () => {
    if (!world.stopFollow()) throw conflict('follow-me is not running');
    return {};
  });

  r.on('POST', '/api/position', ({ body }) => {
    world.relocalize(validate(poseBody, body));
    return {};
  });

  r.on('GET', '/api/no-go-zones', () => store.places.zones());
  r.on('POST', '/api/no-go-zone', ({ body }) => {
    const z = validate(zoneBody, body);
    const map = world.driver.map() ?? store.maps.latest();
    if (map && z.x + z.width > map.width)
      throw new ApiError(400, 'invalid_request', `width: the zone reaches past the map's right edge (${map.width} px)`);
    if (map && z.y + z.height > map.height)
      throw new ApiError(400, 'invalid_request', `height: the zone reaches past the map's bottom edge (${map.height} px)`);
    return store.places.createZone(z);
  });
  r.on('DELETE', '/api/no-go-zone/:id', ({ params }) => {
    if (!store.places.deleteZone(Number(params.id))) throw notFound('no-go zone');
    return {};
  });
}
