/**
 * The core's worker's handle on the map worker (worker/mapWorker.ts): started at the first need (the decoder's
 * preload a second after the start, a map image, or a map view's surfaces), and started again after it failed.
 * A worker that fails (its script did not load, or it threw) answers nothing: each call here races its answer
 * against the worker's `error` event, so a decode fails with a clear error instead of waiting for ever (a map
 * press waits for the decode, worker/runtime.ts).
 *
 * A map view's surfaces can be handed over only once (their control moves with them), so they wait here until a
 * worker has answered: a worker whose script did not load does not take them with it, and the next one, started
 * by the next map image, gets them. A worker that fails later, once it holds them, loses them with it: that map
 * view then shows no picture until the page is opened again (logged).
 */
import * as Comlink from 'comlink';
import type { MapPicture } from './api';
import type { MapDecoder } from './mapImages';
import type { MapWorkerApi } from './mapWorkerApi';

/** What is used of a Worker (tests hand in one end of a MessageChannel). */
export type MapWorkerPort = Comlink.Endpoint & { terminate(): void };

interface Surfaces {
  surfaces: OffscreenCanvas[];
  onImage: (picture: MapPicture) => void;
}

interface Running {
  port: MapWorkerPort;
  remote: Comlink.Remote<MapWorkerApi>;
  /** Rejects once the worker has failed. */
  failed: Promise<never>;
}

export class MapWorkerLink {
  private running: Running | null = null;
  /** A map view's surfaces not handed to a worker yet (a newer view's replace them). */
  private waiting: Surfaces | null = null;

  constructor(
    private readonly start: () => MapWorkerPort,
    private readonly log: (message: string) => void,
  ) {}

  /** For MapImages: starts the worker and gives the decoder that asks it. */
  readonly loadDecoder = async (): Promise<MapDecoder> => {
    this.ensure();
    return (base64, version) => this.call((remote) => remote.decode(version, base64));
  };

  /**
   * Hands a map view's surfaces to the worker once it runs (their control moves there); `onImage` hears of each
   * picture shown.
   */
  attach(surfaces: OffscreenCanvas[], onImage: (picture: MapPicture) => void): Promise<void> {
    this.waiting = { surfaces, onImage };
    return this.handOver();
  }

  /** Gives the waiting surfaces to the running worker once it has answered (else they wait for the next one). */
  private async handOver(): Promise<void> {
    const waiting = this.waiting;
    if (!waiting) return;
    await this.call((remote) => remote.ping());
    if (this.waiting !== waiting) return; // taken by another hand-over, or a newer view's came
    this.waiting = null;
    const { surfaces, onImage } = waiting;
    const shown = Comlink.proxy((picture: MapPicture) => void onImage(picture));
    await this.call((remote) => remote.attach(Comlink.transfer(surfaces, surfaces), shown));
  }

  private call<T>(ask: (remote: Comlink.Remote<MapWorkerApi>) => Promise<T>): Promise<T> {
    const running = this.ensure();
    return Promise.race([ask(running.remote), running.failed]);
  }

  private ensure(): Running {
    if (this.running) return this.running;
    const port = this.start();
    let fail = (_error: Error) => undefined as void;
    const failed = new Promise<never>((_resolve, reject) => (fail = reject));
    failed.catch(() => undefined); // read by the calls that race it
    const running: Running = { port, remote: Comlink.wrap<MapWorkerApi>(port), failed };
    port.addEventListener('error', (event) => {
      (event as Event).preventDefault?.();
      const message = (event as ErrorEvent).message || 'its script did not load';
      this.log(`map worker failed (${message}): the next map image starts another`);
      fail(new Error(`the map worker failed: ${message}`));
      if (this.running === running) this.running = null;
      port.terminate();
    });
    this.running = running;
    if (this.waiting) this.handOver().catch(() => undefined); // a view waits for a worker that runs
    return running;
  }
}
