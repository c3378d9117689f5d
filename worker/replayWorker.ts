/// <reference lib="webworker" />
/** The replay page's worker: loads a log and serves its moments (worker/replaySession.ts) over Comlink. */
import * as Comlink from 'comlink';
import { setAutoFreeze } from 'immer';
import type { ReplayApi } from './replayApi';
import { ReplaySession } from './replaySession';
import { surfaceShower } from './mapSurface';
import { PlaybackDriver } from './replayPlayback';
import { markerNear, type TimelineEntry } from '../core/log/timeline';

// The replayed states are read-only snapshots that nothing here writes (the core only ever derives new ones);
// deep-freezing every state a fold produces cost about 4% of opening a day's log (Node, CPU time). The live
// core's worker keeps immer's default, and the core's tests run with it.
setAutoFreeze(false);

// The log's lines are read by a worker of their own, on the other core (worker/linePieces.ts).
const session = new ReplaySession(() => new Worker(new URL('./lineReaderWorker.ts', import.meta.url), { type: 'module', name: 'kiosk-replay-reader' }));
// The playback clock is this worker's: it wakes the playback when due, as worker/runtime.ts wakes the core.
const playback = new PlaybackDriver({
  now: () => performance.now(),
  show: (at) => session.seek(at),
  setTimer: (wake, ms) => setTimeout(wake, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
});

/**
 * The open log's marker times found so far, as they are handed to the page (the session keeps a bounded number
 * of them), for the steps from marker to marker.
 */
let markerTimes: number[] = [];

const api: ReplayApi = {
  async subscribe(onChange) {
    session.subscribe(onChange);
  },
  async open(source, onProgress, onMarkers, at) {
    const found: number[] = (markerTimes = []);
    const keep = (markers: TimelineEntry[], done: boolean) => {
      for (const m of markers) found.push(m.at);
      onMarkers(markers, done);
    };
    return playback.open(at, onProgress, (indexed) => session.open(source, indexed, self.location.origin, keep, at ?? null));
  },
  async subscribeMap(onImage, surfaces) {
    const show = surfaceShower(surfaces, onImage);
    session.listenMap((map) => show({ version: map.sequence, width: map.width, height: map.height, grey: map.grey }));
  },
  async subscribePlayback(onChange) {
    playback.subscribe(onChange);
  },
  async playback(intent) {
    return playback.intent(intent);
  },
  async eventsNear(at, count) {
    return session.eventsNear(at, count);
  },
  async eventRows(first, count) {
    return session.eventRows(first, count);
  },
  async eventText(index) {
    return session.eventText(index);
  },
  async step(to, direction) {
    const markers = markerTimes;
    return playback.step((from) => (to === 'event' ? session.neighbour(from, direction) : markerNear(markers, from, direction)));
  },
  async clip(from, to) {
    return session.clip(from, to);
  },
  async exportMcap(range) {
    return session.exportMcap(range);
  },
  async search(query, page, pageSize) {
    return session.searchPage(query, page, pageSize);
  },
  async searchCount(query, pageSize) {
    return session.searchCount(query, pageSize);
  },
  async stateAt(at) {
    return session.stateAt(at);
  },
  async eventChanges(at) {
    return session.eventChanges(at);
  },
  async compare(a, b) {
    return session.compare(a, b);
  },
  async searchReady() {
    return session.whenIndexed();
  },
};

Comlink.expose(api);
