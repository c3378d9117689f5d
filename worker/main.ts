/// <reference lib="webworker" />
/** The worker entry: real ports (clock, sockets, fetch), the runtime, and the Comlink API. */
import * as Comlink from 'comlink';
import type { Intent, PinPurpose } from '../core/events';
import type { KioskApi, Slices } from './api';
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
      void createImageBitmap(data).then((bitmap) =>
        onImage(Comlink.transfer({ version: pixels.version, width: pixels.width, height: pixels.height, bitmap }, [bitmap])),
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

Comlink.expose(api);

// A live page names where it starts in the worker's name: start now, before any message could arrive.
const boot = decodeWorkerName((self as unknown as { name?: string }).name ?? '');
if (boot.start) void api.start(boot.start.path, boot.start.search);
