/**
 * The map decoder loads after the worker's start (worker/mapImages.ts): the newest image that comes before it
 * waits, an image is decoded in a task of its own unless a newer one overtakes it first, a map press waits for
 * the grid of the image before it, and the recorded log replays to the same state. A slow (or failing) loader
 * stands in for the chunk's download.
 */
import { describe, expect, it } from 'vitest';
import { decodeMapGrid } from '../../core/map/decodePng';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { observable } from '../../core/selectors';
import { MapImages, type MapDecoder } from '../../worker/mapImages';
import { pieceEnd } from '../../worker/batches';
import type { CoreEvent } from '../../core/events';
import { mapImage } from '../core/mapHelpers';
import { mapRuntime, MAP_GEOMETRY } from './mapRuntime';

// 4 x 3 pixels at 0.5 m. FIRST is free on the left and occupied on the right; SECOND the other way round.
const FIRST = mapImage(4, 3, (px) => (px < 2 ? 254 : 0));
const SECOND = mapImage(4, 3, (px) => (px < 2 ? 0 : 254));
const GEOMETRY = MAP_GEOMETRY;
/** A PNG cut after its header: the core takes its size, the decoder refuses it. */
const BROKEN = Buffer.from(SECOND, 'base64').subarray(0, 40).toString('base64');
const LEFT = { px: 0.5, py: 1.5 };
const RIGHT = { px: 2.5, py: 1.5 };

/** A loader the test resolves (or fails) when it likes, counting its calls. */
function slowLoader() {
  const loader = {
    calls: 0,
    resolve: (_decoder: MapDecoder) => undefined as void,
    reject: (_error: Error) => undefined as void,
    load: (): Promise<MapDecoder> => {
      loader.calls++;
      return new Promise<MapDecoder>((resolve, reject) => {
        loader.resolve = resolve;
        loader.reject = reject;
      });
    },
  };
  return loader;
}

describe('MapImages with a decoder still loading', () => {
  it('keeps the newest image that comes first, decodes it once it loads, and loads it once', async () => {
    const loader = slowLoader();
    const images = new MapImages(undefined, loader.load);
    images.add(1, FIRST);
    images.add(2, SECOND);
    expect(loader.calls).toBe(1);
    expect(images.grid(1)).toBeUndefined();
    const pending = images.pending();
    expect(pending).not.toBeNull();
    const decoded: number[] = [];
    loader.resolve((base64, version) => (decoded.push(version), decodeMapGrid(base64)));
    await pending;
    expect(images.pending()).toBeNull();
    // Version 1 was overtaken before its turn: never decoded (no press can ask for it, see the runtime tests).
    expect(decoded).toEqual([2]);
    expect(images.skipped).toBe(1);
    expect(images.grid(1)).toBeUndefined();
    expect(images.grid(2)?.data).toEqual(decodeMapGrid(SECOND).data);
    images.add(3, FIRST);
    expect(images.grid(3)).toBeUndefined(); // decoded in a task of its own, not in the caller's
    await images.pending();
    expect(images.grid(3)).toBeDefined();
    images.add(4, SECOND);
    await images.pending();
    expect(images.grid(2)).toBeUndefined(); // the newest two are kept, as before
    expect(images.grid(3)).toBeDefined();
    expect(loader.calls).toBe(1);
  });

  it('decodes only the newest of the images that came before its turn', async () => {
    const decoded: string[] = [];
    const images = new MapImages(undefined, async () => (base64) => (decoded.push(base64), decodeMapGrid(base64)));
    await images.preload();
    images.add(1, FIRST);
    await images.pending();
    images.add(2, SECOND);
    images.add(3, FIRST);
    images.add(4, SECOND);
    await images.pending();
    expect(decoded).toEqual([FIRST, SECOND]);
    // 2 and 3 never had a grid; 1 is older than the two versions kept.
    expect([1, 2, 3, 4].map((v) => images.grid(v) !== undefined)).toEqual([false, false, false, true]);
  });

  it('logs the waiting images when the decoder fails to load, and tries again with the next image', async () => {
    const loader = slowLoader();
    const logs: string[] = [];
    const images = new MapImages((_level, message) => logs.push(message), loader.load);
    images.add(1, FIRST);
    const pending = images.pending();
    loader.reject(new Error('chunk failed'));
    await pending;
    expect(images.pending()).toBeNull();
    expect(images.grid(1)).toBeUndefined();
    expect(logs).toEqual(['map image 1 could not be decoded: the decoder did not load (Error: chunk failed)']);
    images.add(2, SECOND);
    expect(loader.calls).toBe(2);
    loader.resolve(decodeMapGrid);
    await images.pending();
    expect(images.grid(2)).toBeDefined();
  });

  it('preload starts the load before any image, and a broken image still only logs', async () => {
    const loader = slowLoader();
    const logs: string[] = [];
    const images = new MapImages((_level, message) => logs.push(message), loader.load);
    const loaded = images.preload();
    expect(loader.calls).toBe(1);
    expect(images.pending()).toBeNull(); // nothing waits
    loader.resolve(decodeMapGrid);
    await loaded;
    images.add(1, 'not a png');
    await images.pending();
    expect(images.grid(1)).toBeUndefined();
    expect(logs[0]).toMatch(/^map image 1 could not be decoded: /);
  });
});

/** A logged-in runtime on /map whose decoder loads only when the test says; the latest map is FIRST. */
async function loadingMapRuntime() {
  const loader = slowLoader();
  const { ports, runtime } = await mapRuntime(FIRST, loader.load);
  expect(runtime.snapshot().map.width).toBe(4);
  return { ports, runtime, loader };
}

describe('the runtime while the decoder loads', () => {
  it('holds a map press, and everything after it, until the grid of the image before it is decoded', async () => {
    const { ports, runtime, loader } = await loadingMapRuntime();
    expect(loader.calls).toBe(1); // the latest map waits for the decoder
    runtime.dispatch({ type: 'ui/mapPressed', ...LEFT }); // free in FIRST
    ports.socket('ws').push({ event: 'robot/battery_state', data: { batteries: [{ charge: 0.42 }] } });
    await ports.settle();
    expect(runtime.snapshot().mapEdit.editor).toBeNull();
    expect(runtime.snapshot().batteries.charges).not.toEqual([0.42]); // held behind the press, in order
    loader.resolve(decodeMapGrid);
    await ports.settle();
    expect(runtime.snapshot().mapEdit.editor).not.toBeNull(); // hit-tested on FIRST, not ignored
    expect(runtime.snapshot().batteries.charges).toEqual([0.42]);
    expect(ports.logs.join('\n')).not.toContain('not decoded yet');
    const events = parseLog(runtime.exportLog()).events;
    const press = events.findIndex((e) => e.type === 'ui/mapPressed');
    const battery = events.findIndex((e) => e.type === 'ws/message' && JSON.stringify(e).includes('battery_state'));
    expect(press).toBeGreaterThan(0);
    expect(battery).toBeGreaterThan(press);
    expect(observable(replay(events, { until: ports.time }))).toEqual(observable(runtime.snapshot()));
  });

  it('hit-tests a press right after a map update on the new image, as a replay does', async () => {
    const { ports, runtime, loader } = await loadingMapRuntime();
    loader.resolve(decodeMapGrid);
    await ports.settle();
    // The update and the press in one task: the runtime steps the press after the update's grid is made.
    ports.socket('ws').push({ event: 'mapping/mapUpdate', data: { image: SECOND, ...GEOMETRY } });
    runtime.dispatch({ type: 'ui/mapPressed', ...LEFT }); // occupied in SECOND, free in FIRST
    runtime.dispatch({ type: 'ui/mapPressed', ...RIGHT }); // free in SECOND
    await ports.settle();
    expect(runtime.snapshot().mapEdit.editor).toMatchObject({ x: 0.25, y: -1.25 });
    const events = parseLog(runtime.exportLog()).events;
    expect(observable(replay(events, { until: ports.time }))).toEqual(observable(runtime.snapshot()));
  });

  it('skips an image that a newer one overtook before its decode, and hit-tests the press after them on the newer, as a replay does', async () => {
    const { ports, runtime, loader } = await loadingMapRuntime();
    let decodes = 0;
    loader.resolve((base64) => (decodes++, decodeMapGrid(base64)));
    await ports.settle();
    expect(decodes).toBe(1); // the latest map
    ports.socket('ws').push({ event: 'mapping/mapUpdate', data: { image: SECOND, ...GEOMETRY } });
    ports.socket('ws').push({ event: 'mapping/mapUpdate', data: { image: FIRST, ...GEOMETRY } });
    runtime.dispatch({ type: 'ui/mapPressed', ...LEFT }); // free in FIRST, occupied in SECOND
    await ports.settle();
    expect(decodes).toBe(2); // SECOND never decoded
    expect(runtime.snapshot().map.version).toBe(3);
    expect(runtime.snapshot().mapEdit.editor).toMatchObject({ x: -0.75, y: -1.25 });
    const events = parseLog(runtime.exportLog()).events;
    expect(observable(replay(events, { until: ports.time }))).toEqual(observable(runtime.snapshot()));
  });

  it('keeps ignoring a press on a version whose image would not decode', async () => {
    const { ports, runtime, loader } = await loadingMapRuntime();
    loader.resolve(decodeMapGrid);
    await ports.settle();
    ports.socket('ws').push({ event: 'mapping/mapUpdate', data: { image: BROKEN, ...GEOMETRY } });
    await ports.settle();
    expect(runtime.snapshot().map.version).toBe(2);
    runtime.dispatch({ type: 'ui/mapPressed', ...LEFT }); // free in FIRST, the grid still kept for version 1
    await ports.settle();
    expect(runtime.snapshot().mapEdit.editor).toBeNull();
    expect(ports.logs.some((l) => /map image \d+ could not be decoded/.test(l))).toBe(true);
    expect(ports.logs.some((l) => /map version \d+ not decoded yet; press ignored/.test(l))).toBe(true);
  });
});

describe('pieceEnd', () => {
  const at = 0;
  const press: CoreEvent = { type: 'ui/mapPressed', at, px: 1, py: 1 };
  const image: CoreEvent = { type: 'ws/message', at, message: { event: 'mapping/mapUpdate', data: { image: 'x' } } } as CoreEvent;
  const other: CoreEvent = { type: 'tick', at };

  it('steps a batch whole unless a press follows an image, or any press while images wait', () => {
    expect(pieceEnd([other, press, other], false)).toBe(3);
    expect(pieceEnd([other, image, other, press, other], false)).toBe(3);
    expect(pieceEnd([press, image, press], false)).toBe(2);
    expect(pieceEnd([other, press], true)).toBe(1);
    expect(pieceEnd([press, other], true)).toBe(0);
    expect(pieceEnd([other, other], true)).toBe(2);
  });
});
