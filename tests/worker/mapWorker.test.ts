/**
 * The map off the core's thread (worker/mapPictures.ts, worker/mapWorkerLink.ts): the map worker decodes and
 * answers the core's grid before it makes the picture; the core's MapImages holds presses while a decode on the
 * other thread has not answered, and decodes one at a time, newest first; the link fails a call when the worker
 * fails, and starts another for the next.
 */
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { decodeMapGrid } from '../../core/map/decodePng';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { observable } from '../../core/selectors';
import type { OccupancyGrid } from '../../core/map/grid';
import { MapImages } from '../../worker/mapImages';
import { MapPictures } from '../../worker/mapPictures';
import type { SurfacePixels } from '../../worker/mapSurface';
import { MapWorkerLink, type MapWorkerPort } from '../../worker/mapWorkerLink';
import type { MapWorkerApi } from '../../worker/mapWorkerApi';
import { mapImage } from '../core/mapHelpers';
import { mapRuntime, MAP_GEOMETRY } from './mapRuntime';

const FIRST = mapImage(4, 3, (px) => (px < 2 ? 254 : 0));
const SECOND = mapImage(4, 3, (px) => (px < 2 ? 0 : 254));
const GEOMETRY = MAP_GEOMETRY;
const LEFT = { px: 0.5, py: 1.5 };

/** Lets the tasks already due run (the answer's promise callbacks, then the decode they schedule). */
const tasksRun = () => new Promise((r) => setTimeout(r, 5));

/** A decoder on "another thread": each call answers only when the test says. */
function remoteDecoder() {
  const calls: { version: number; answer(): void; fail(error: Error): void }[] = [];
  const decode = (base64: string, version: number) =>
    new Promise<OccupancyGrid>((resolve, reject) => {
      calls.push({ version, answer: () => resolve(decodeMapGrid(base64)), fail: reject });
    });
  return { calls, decode };
}

describe('MapPictures', () => {
  it('answers a copy of the grid, and shows the picture only in a later task', () => {
    const tasks: (() => void)[] = [];
    const pictures = new MapPictures(decodeMapGrid, (task) => tasks.push(task));
    const shown: SurfacePixels[] = [];
    pictures.attach((p) => shown.push(p));
    const grid = pictures.decode(1, FIRST);
    expect(grid.data).toEqual(decodeMapGrid(FIRST).data);
    expect(shown).toEqual([]); // the answer goes first
    tasks.shift()!();
    expect(shown.map((p) => [p.version, p.width, p.height])).toEqual([[1, 4, 3]]);
    // The core's copy is its own: the picture's pixels stay whole when it is transferred away.
    expect(grid.data.buffer).not.toBe(shown[0]!.grey.buffer);
    expect(shown[0]!.grey).toEqual(grid.data);
  });

  it('shows a view attached later the newest version at once, never an older one over it, and nothing for a broken image', () => {
    const tasks: (() => void)[] = [];
    const pictures = new MapPictures(decodeMapGrid, (task) => tasks.push(task));
    pictures.decode(2, SECOND);
    pictures.decode(1, FIRST); // late: decoded for the core, not shown
    expect(() => pictures.decode(3, 'not a png')).toThrow();
    const shown: number[] = [];
    pictures.attach((p) => shown.push(p.version));
    expect(shown).toEqual([2]);
    expect(tasks).toHaveLength(1); // only version 2 queued a picture
  });
});

describe('MapImages with a decoder on another thread', () => {
  it('holds presses until the decode answers, and decodes one at a time, the newest waiting', async () => {
    const remote = remoteDecoder();
    const images = new MapImages(undefined, async () => remote.decode);
    await images.preload();
    images.add(1, FIRST);
    await tasksRun();
    expect(remote.calls.map((c) => c.version)).toEqual([1]);
    const pending = images.pending();
    expect(pending).not.toBeNull(); // nothing waits to start, but a decode is under way
    images.add(2, SECOND);
    images.add(3, FIRST);
    await tasksRun();
    expect(remote.calls.map((c) => c.version)).toEqual([1]); // one at a time
    remote.calls[0]!.answer();
    await tasksRun();
    expect(images.grid(1)?.data).toEqual(decodeMapGrid(FIRST).data);
    expect(remote.calls.map((c) => c.version)).toEqual([1, 3]); // 2 was overtaken
    expect(images.pending()).not.toBeNull();
    remote.calls[1]!.answer();
    await pending;
    expect(images.pending()).toBeNull();
    expect(images.grid(3)).toBeDefined();
    expect(images.skipped).toBe(1);
  });

  it('logs a decode that fails on the other thread, keeps the grids it had, and goes on with the next image', async () => {
    const remote = remoteDecoder();
    const logs: string[] = [];
    const images = new MapImages((_level, message) => logs.push(message), async () => remote.decode);
    await images.preload();
    images.add(1, FIRST);
    await tasksRun();
    remote.calls[0]!.answer();
    await images.pending();
    images.add(2, SECOND);
    await tasksRun();
    remote.calls[1]!.fail(new Error('the map worker failed: boom'));
    await images.pending();
    expect(logs).toEqual(['map image 2 could not be decoded: Error: the map worker failed: boom']);
    expect(images.grid(1)).toBeDefined();
    expect(images.grid(2)).toBeUndefined();
    images.add(3, SECOND);
    await tasksRun();
    remote.calls[2]!.answer();
    await images.pending();
    expect(images.grid(3)).toBeDefined();
  });

  it('in the runtime, hit-tests a press after a map update on the new grid once the other thread answers, as a replay does', async () => {
    const remote = remoteDecoder();
    const { ports, runtime } = await mapRuntime(FIRST, async () => remote.decode);
    remote.calls.shift()!.answer(); // the latest map, FIRST
    await ports.settle();
    ports.socket('ws').push({ event: 'mapping/mapUpdate', data: { image: SECOND, ...GEOMETRY } });
    runtime.dispatch({ type: 'ui/mapPressed', ...LEFT }); // free in FIRST, occupied in SECOND
    ports.socket('ws').push({ event: 'robot/battery_state', data: { batteries: [{ charge: 0.42 }] } });
    await ports.settle();
    expect(remote.calls.map((c) => c.version)).toEqual([2]);
    expect(runtime.snapshot().batteries.charges).not.toEqual([0.42]); // held behind the press, in order
    remote.calls.shift()!.answer();
    await ports.settle();
    expect(runtime.snapshot().mapEdit.editor).toBeNull(); // hit-tested on SECOND: occupied, no editor
    expect(runtime.snapshot().batteries.charges).toEqual([0.42]);
    const events = parseLog(runtime.exportLog()).events;
    expect(observable(replay(events, { until: ports.time }))).toEqual(observable(runtime.snapshot()));
  });
});

/** The map worker's API served on one end of a channel, the link's port on the other; `fail()` fires its error. */
function channelWorker(served: MapWorkerApi) {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(served, port2 as unknown as Comlink.Endpoint);
  const errors = new EventTarget();
  let terminated = false;
  const port: MapWorkerPort = {
    postMessage: (message: unknown, transfer?: Transferable[]) => port1.postMessage(message, transfer ?? []),
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) =>
      type === 'error' ? errors.addEventListener(type, listener) : port1.addEventListener(type, listener as EventListener),
    removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) =>
      type === 'error' ? errors.removeEventListener(type, listener) : port1.removeEventListener(type, listener as EventListener),
    terminate: () => {
      terminated = true;
      port1.close();
      port2.close();
    },
  };
  port1.start();
  return { port, fail: () => errors.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message: 'boom' })), terminated: () => terminated };
}

describe('MapWorkerLink', () => {
  it('starts the worker at the first need and decodes there, then a failed worker fails its calls and the next starts another', async () => {
    const started: ReturnType<typeof channelWorker>[] = [];
    const hanging: MapWorkerApi = { ping: () => new Promise(() => undefined), decode: () => new Promise(() => undefined), attach: async () => undefined };
    const serving = (api: MapWorkerApi) => {
      const pictures = new MapPictures(decodeMapGrid, () => undefined);
      return api === hanging ? hanging : { ping: async () => undefined, decode: async (v: number, b: string) => pictures.decode(v, b), attach: async () => undefined };
    };
    const apis = [serving({} as MapWorkerApi), hanging, serving({} as MapWorkerApi)];
    const logs: string[] = [];
    const link = new MapWorkerLink(() => {
      const worker = channelWorker(apis[started.length]!);
      started.push(worker);
      return worker.port;
    }, (m) => logs.push(m));
    expect(started).toHaveLength(0);
    const decode = await link.loadDecoder();
    expect(started).toHaveLength(1);
    expect((await decode(FIRST, 1)).data).toEqual(decodeMapGrid(FIRST).data);
    // A worker that failed answers nothing: its error fails the call waiting on it.
    started[0]!.fail();
    expect(started[0]!.terminated()).toBe(true);
    expect(logs).toEqual(['map worker failed (boom): the next map image starts another']);
    const waiting = decode(SECOND, 2);
    expect(started).toHaveLength(2);
    started[1]!.fail();
    await expect(waiting).rejects.toThrow('the map worker failed: boom');
    expect((await decode(SECOND, 3)).data).toEqual(decodeMapGrid(SECOND).data);
    expect(started).toHaveLength(3);
    for (const w of started) w.port.terminate();
  });

  it("keeps a map view's surfaces until a worker has answered, so one that did not load does not take them", async () => {
    const started: ReturnType<typeof channelWorker>[] = [];
    const attached: number[] = [];
    const served = (n: number): MapWorkerApi => ({
      ping: n === 0 ? () => new Promise(() => undefined) : async () => undefined,
      decode: async (v, b) => decodeMapGrid(b),
      attach: async (_surfaces, onImage) => {
        attached.push(n);
        await onImage({ version: 7, width: 4, height: 3 });
      },
    });
    const link = new MapWorkerLink(() => {
      const worker = channelWorker(served(started.length));
      started.push(worker);
      return worker.port;
    }, () => undefined);
    const pictures: number[] = [];
    const attaching = link.attach([], (p) => pictures.push(p.version));
    await tasksRun();
    expect(started).toHaveLength(1);
    started[0]!.fail(); // its script did not load: it never answered
    await expect(attaching).rejects.toThrow('the map worker failed');
    expect(attached).toEqual([]);
    // The next map image starts another worker, and the surfaces go to it.
    const decode = await link.loadDecoder();
    await decode(FIRST, 1);
    await expect.poll(() => attached).toEqual([1]);
    await expect.poll(() => pictures).toEqual([7]);
    expect(started).toHaveLength(2);
    for (const w of started) w.port.terminate();
  });
});
