/// <reference lib="webworker" />
/** The worker entry: real ports (clock, sockets, fetch), the runtime, and the Comlink API. */
import * as Comlink from 'comlink';
import type { Intent, PinPurpose } from '../core/events';
import type { KioskApi, MapPicture, Slices } from './api';
import { browserPorts } from './browserPorts';
import { KioskRuntime } from './runtime';
import { ReplaySession } from './replaySession';
import { claimSingleTab } from './singleTab';
import { decodeWorkerName } from './workerName';

const ports = browserPorts();
const runtime = new KioskRuntime(ports);
const replay = new ReplaySession();
let started = false;
/** The main thread's listener: fed by the live runtime once started, or by the replay session. */
let listener: ((changed: Slices) => void) | null = null;
let playTimer: ReturnType<typeof setInterval> | null = null;

let starting: Promise<boolean> | null = null;

/** Claims the one-tab session, then starts the live core; false (and nothing started) in a second tab. */
async function startLive(path: string, search: string): Promise<boolean> {
  if (!(await claimSingleTab())) return false;
  started = true;
  runtime.start(path, search);
  // Handle the start now, so the first push is the started state (not the blank one before it).
  runtime.flush();
  if (listener) runtime.subscribe(listener);
  return true;
}

/** Whether the live core runs, waiting for a start under way. */
async function ready(): Promise<boolean> {
  return started || (starting !== null && (await starting));
}

const api: KioskApi = {
  start(path: string, search: string) {
    starting ??= startLive(path, search);
    return starting;
  },
  async dispatch(intent: Intent) {
    // A touch in the first moments may come before the start; it belongs after it (and nowhere in a second tab).
    if (await ready()) runtime.dispatch(intent);
  },
  async submitPin(purpose: PinPurpose, pin: string) {
    if (await ready()) runtime.submitPin(purpose, pin);
  },
  async subscribe(onChange) {
    listener = onChange;
    if (started) runtime.subscribe(onChange);
  },
  async subscribeMap(onImage) {
    // The picture is made here (createImageBitmap from ImageData costs 15-60 ms for 2000 x 2000 px, on the
    // thread that calls it) and crosses once per version, transferred: the main thread only draws it.
    runtime.mapImages.listen((pixels) => {
      const data = new ImageData(new Uint8ClampedArray(pixels.rgba.buffer as ArrayBuffer), pixels.width, pixels.height);
      void mapPicture(pixels.version, data).then((picture) =>
        onImage(Comlink.transfer(picture, picture.preview === picture.bitmap ? [picture.bitmap] : [picture.bitmap, picture.preview])),
      );
    });
  },
  async exportLog() {
    return runtime.exportLog();
  },
  async loadLog(text: string) {
    const info = replay.load(text);
    listener?.(replay.state);
    return info;
  },
  async seek(at: number) {
    listener?.(replay.seek(at));
  },
  async play(speed: number) {
    if (playTimer) clearInterval(playTimer);
    const FRAME_MS = 100;
    playTimer = setInterval(() => {
      const last = replay.last;
      if (last === null || replay.position >= last) {
        if (playTimer) clearInterval(playTimer);
        playTimer = null;
        return;
      }
      listener?.(replay.seek(Math.min(last, replay.position + FRAME_MS * speed)));
    }, FRAME_MS);
  },
  async pause() {
    if (playTimer) clearInterval(playTimer);
    playTimer = null;
  },
  async ping() {
    return performance.now();
  },
};

/**
 * Long side of the preview picture: drawing a 2000 x 2000 picture scaled down to the screen costs the main
 * thread tens of milliseconds where the canvas is rasterised in software; the view draws this smaller copy
 * whenever it has at least as many pixels as the screen shows, and the full picture only when zoomed in.
 */
const PREVIEW_MAX = 1024;

async function mapPicture(version: number, data: ImageData): Promise<MapPicture> {
  const bitmap = await createImageBitmap(data);
  const scale = Math.min(1, PREVIEW_MAX / Math.max(data.width, data.height));
  if (scale === 1) return { version, width: data.width, height: data.height, bitmap, preview: bitmap, previewScale: 1 };
  const preview = await createImageBitmap(bitmap, {
    resizeWidth: Math.max(1, Math.round(data.width * scale)),
    resizeHeight: Math.max(1, Math.round(data.height * scale)),
    resizeQuality: 'medium',
  });
  return { version, width: data.width, height: data.height, bitmap, preview, previewScale: scale };
}

Comlink.expose(api);

// A live page names where it starts in the worker's name: start now, before any message could arrive.
const boot = decodeWorkerName((self as unknown as { name?: string }).name ?? '');
if (boot.start) void api.start(boot.start.path, boot.start.search);
