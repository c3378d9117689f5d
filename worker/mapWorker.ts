/// <reference lib="webworker" />
/**
 * The live app's map worker: decodes the map versions the core's worker hands over and shows their pictures on
 * the map view's surfaces (worker/mapPictures.ts says why it is a thread of its own). Started by the core's
 * worker at the first need (worker/mapWorkerLink.ts).
 */
import * as Comlink from 'comlink';
import { decodeMapGrid } from './mapDecode';
import { MapPictures } from './mapPictures';
import { surfaceShower } from './mapSurface';
import type { MapWorkerApi } from './mapWorkerApi';

const pictures = new MapPictures(decodeMapGrid, (task) => void setTimeout(task, 0));

const api: MapWorkerApi = {
  async ping() {},
  async decode(version, base64) {
    const grid = pictures.decode(version, base64);
    return Comlink.transfer(grid, [grid.data.buffer]);
  },
  async attach(surfaces, onImage) {
    pictures.attach(surfaceShower(surfaces, onImage));
  },
};

Comlink.expose(api);
