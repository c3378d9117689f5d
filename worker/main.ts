/// <reference lib="webworker" />
/** The worker entry: real ports (clock, sockets, fetch), the runtime, and the Comlink API. */
import * as Comlink from 'comlink';
import { MapWorkerLink } from './mapWorkerLink';
import type { Intent, PinPurpose, StartReason } from '../core/events';
import type { KioskApi, Slices } from './api';
import { browserPorts } from './browserPorts';
import { KioskRuntime } from './runtime';
import { IdbLogStore } from './logStore';
import { ReportDesk } from './reportDesk';
import { IdbReportQueue } from './reportQueue';
import { listReports } from './reportList';
import { exportStoredLog, storedLogFile } from './recorder';
import { claimSingleTab } from './singleTab';
import { decodeWorkerName } from './workerName';

const ports = browserPorts();
/** The map's decodes and pictures run on a thread of their own, beside the core (worker/mapPictures.ts says why). */
const mapWorker = new MapWorkerLink(
  () => new Worker(new URL('./mapWorker.ts', import.meta.url), { type: 'module', name: 'kiosk-map' }),
  (message) => ports.log('warn', message),
);
// A live page names where it starts in the worker's name, and where its teleoperation socket is.
const boot = decodeWorkerName((self as unknown as { name?: string }).name ?? '');
const runtime = new KioskRuntime(ports, undefined, mapWorker.loadDecoder, boot.start?.teleopPort);
/** The kiosk's own log, kept across reloads and restarts; a second tab reads it but records nothing. */
const logStore = new IdbLogStore();
/** Problem reports: sent, or kept on the kiosk until the back end can take them. */
const reports = new ReportDesk(ports, runtime, new IdbReportQueue());
let started = false;
/** The main thread's listener, fed by the live runtime once started. */
let listener: ((changed: Slices) => void) | null = null;

let starting: Promise<boolean> | null = null;

/**
 * When, after the start, the map worker starts (and loads the decoder) if no map image has asked for it yet. Not
 * at once: its download and compile, on a two-core kiosk, would compete with the page's first render (measured,
 * when the decoder was a chunk of this worker: first screen and worker ready both about 15-30 ms later, medians
 * of 10 loads, with it loading right after the answer). The first map image usually comes after a login, seconds
 * later.
 */
const DECODER_PRELOAD_MS = 1_000;

/**
 * The longest the start's effects (its sockets and calls) wait for the page's first screen (`firstScreenShown`),
 * for a page that never commits one: the robot's connection must not hang on the page.
 */
const EFFECTS_HOLD_MAX_MS = 1_000;
/** Whether the page has committed its first screen (it may say so before the start is done). */
let pageShown = false;

/** Claims the one-tab session, then starts the live core; false (and nothing started) in a second tab. */
async function startLive(path: string, search: string, reason: StartReason | undefined): Promise<boolean> {
  if (!(await claimSingleTab())) return false;
  started = true;
  // The kiosk's own log survives reloads and restarts (IndexedDB); a failed write is logged, never fatal.
  runtime.recorder.persistTo(logStore, ports.setTimeout, (e) => ports.log('warn', `log not persisted: ${String(e)}`));
  // Handle the start now, so the first push is the started state (not the blank one before it). Its sockets and
  // calls wait for the page's first screen (runtime.holdEffects says why), or go out at once (after this answer)
  // if the page has shown it already.
  runtime.holdEffects();
  runtime.startNow(path, search, listener, reason);
  ports.setTimeout(() => runtime.releaseEffects(), pageShown ? 0 : EFFECTS_HOLD_MAX_MS);
  // The map decoder is not needed to answer, nor for the first screen: it loads a moment later (an image that
  // comes sooner loads it at once and waits for it, worker/mapImages.ts).
  ports.setTimeout(() => void runtime.mapImages.preload(), DECODER_PRELOAD_MS);
  // Reports kept before a reload or a restart go out when the back end can take them (a second tab sends none).
  void reports.resume();
  return true;
}

/** Whether the live core runs, waiting for a start under way. */
async function ready(): Promise<boolean> {
  return started || (starting !== null && (await starting));
}

const api: KioskApi = {
  start(path: string, search: string, reason?: StartReason) {
    starting ??= startLive(path, search, reason);
    return starting;
  },
  async firstScreenShown() {
    pageShown = true;
    if (started) runtime.releaseEffects();
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
  async subscribeMap(onImage, surfaces) {
    // A map worker that failed has said so in the log; this view then shows no picture until it opens again.
    await mapWorker.attach(surfaces, onImage).catch(() => undefined);
  },
  async exportLog() {
    // A second tab records nothing, but the stored log is this kiosk's all the same.
    return (await ready()) ? runtime.exportPersistedLog() : exportStoredLog(logStore, runtime.logMeta());
  },
  async exportLogFile() {
    return (await ready()) ? runtime.exportPersistedLogFile() : storedLogFile(logStore, runtime.logMeta());
  },
  async reportProblem(note: string) {
    if (!(await ready())) return { kind: 'failed', message: 'another tab holds the kiosk' };
    return reports.report(note);
  },
  async listReports() {
    return listReports(ports);
  },
  async recorderStats() {
    return runtime.recorder.stats();
  },
  async ping() {
    return performance.now();
  },
};

Comlink.expose(api);

// Start now, before any message could arrive.
if (boot.start) void api.start(boot.start.path, boot.start.search, boot.start.reason);
