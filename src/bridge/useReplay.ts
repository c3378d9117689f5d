/**
 * The replay page's side of the replay worker (worker/replayWorker.ts): open a log, seek, play, step. The
 * replayed states go into a mirror store of their own, so the real UI renders them beside the live app.
 * Playback (play, pause, speed, the idle skip, the moment on show) is the worker's state (core/log/playback.ts,
 * worker/replayPlayback.ts): this hook subscribes to its view and dispatches the person's intents.
 */
import * as Comlink from 'comlink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { IndexProgress, ReplayApi, ReplayInfo, ReplaySource } from '../../worker/replayApi';
import type { TimelineEntry } from '../../core/log/timeline';
import { initialPlayback, playbackView, type PlaybackIntent, type PlaybackView } from '../../core/log/playback';
import { MirrorStore } from './mirrorStore';

/** Only the replay benchmark sets `__kioskBench`: then every seek's round trip is a `replay:seek` measure. */
const traceSeeks = () => (globalThis as { __kioskBench?: unknown }).__kioskBench !== undefined;

export interface ReplayControls {
  store: MirrorStore;
  info: ReplayInfo | null;
  /** Counts opens: what belongs to one log (a zoomed view, clip marks) is kept by it. */
  opened: number;
  /** The open log's markers found so far, in time order, and whether the search for them is done. */
  markers: TimelineEntry[];
  markersDone: boolean;
  /** Indexing progress 0..1 (bytes read), or null when the log is all indexed (or none is open). */
  progress: number | null;
  /** While the log is indexed: the last moment indexed so far, which seeks stop at. Null otherwise. */
  indexedTo: number | null;
  error: string | null;
  /** The moment on show (null before a log is open), whether it plays, at what speed, skipping idle stretches. */
  position: number | null;
  playing: boolean;
  speed: number;
  skipIdle: boolean;
  remote: Comlink.Remote<ReplayApi> | null;
  open(source: ReplaySource, at?: number): Promise<void>;
  seek(at: number): void;
  /** Steps to the next (1) or previous (-1) event or marker: the worker's, so that each quick tap counts. */
  step(to: 'event' | 'marker', direction: 1 | -1): void;
  play(): void;
  pause(): void;
  chooseSpeed(speed: number): void;
  chooseSkipIdle(skipIdle: boolean): void;
}

type Open = ReplayControls['open'];

/** A started replay worker: its API, and the way to end it. */
export interface ReplayWorker {
  remote: Comlink.Remote<ReplayApi>;
  close(): void;
}

/** Starts the replay worker (worker/replayWorker.ts). */
export function startReplayWorker(): ReplayWorker {
  const w = new Worker(new URL('../../worker/replayWorker.ts', import.meta.url), { type: 'module', name: 'kiosk-replay' });
  const remote = Comlink.wrap<ReplayApi>(w);
  return {
    remote,
    close: () => {
      remote[Comlink.releaseProxy]();
      w.terminate();
    },
  };
}

/** An open asked for before the worker answered, run once it does. */
interface WaitingOpen {
  source: ReplaySource;
  at: number | undefined;
  done(): void;
}

/**
 * `onReady` runs once the worker answers, with `open` (the page opens a linked log then). `start` starts the
 * worker (tests hand in a fake one).
 */
export function useReplay(onReady?: (open: Open) => void, start: () => ReplayWorker = startReplayWorker): ReplayControls {
  const store = useMemo(() => new MirrorStore(), []);
  const [remote, setRemote] = useState<Comlink.Remote<ReplayApi> | null>(null);
  // The worker as callbacks see it, set before `onReady` runs (the state above is for rendering).
  const worker = useRef<Comlink.Remote<ReplayApi> | null>(null);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });
  const [info, setInfo] = useState<ReplayInfo | null>(null);
  const [markers, setMarkers] = useState<{ found: TimelineEntry[]; done: boolean }>({ found: [], done: false });
  const opens = useRef(0);
  const [opened, setOpened] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [indexedTo, setIndexedTo] = useState<number | null>(null);
  // As the benchmarks read it (outside renders): moments past it are not indexed yet.
  const reachable = useRef<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [playback, setPlayback] = useState<PlaybackView>(() => playbackView(initialPlayback()));
  const waiting = useRef<WaitingOpen | null>(null);

  // `start` is read once: one worker per page.
  useEffect(() => {
    const { remote: r, close } = start();
    let closed = false;
    void Promise.all([r.subscribe(Comlink.proxy(store.apply)), r.subscribePlayback(Comlink.proxy(setPlayback))]).then(() => {
      if (closed) return;
      worker.current = r;
      setRemote(() => r);
      ready.current?.(openRef.current);
      const asked = waiting.current;
      waiting.current = null;
      if (asked) void openRef.current(asked.source, asked.at).then(asked.done);
    });
    return () => {
      closed = true;
      worker.current = null;
      close();
    };
  }, [store]);

  /** Hands the worker a playback intent; it answers once handled (a chosen moment: once on show). */
  const send = useCallback((intent: PlaybackIntent) => worker.current?.playback(intent), []);

  /** Asks for a moment; the worker shows it, or only the newest of those asked while it shows one. */
  const seek = useCallback(
    (at: number) => {
      const start = performance.now();
      void send({ type: 'momentChosen', at })?.then(() => {
        if (traceSeeks()) performance.measure('replay:seek', { start, end: performance.now() });
      });
    },
    [send],
  );
  // The worker answers a step whose event could not be read by leaving the moment (worker/replayPlayback.ts).
  const step = useCallback((to: 'event' | 'marker', direction: 1 | -1) => void worker.current?.step(to, direction), []);
  const play = useCallback(() => void send({ type: 'playPressed' }), [send]);
  const pause = useCallback(() => void send({ type: 'pausePressed' }), [send]);
  const chooseSpeed = useCallback((speed: number) => void send({ type: 'speedChosen', speed }), [send]);
  const chooseSkipIdle = useCallback((skipIdle: boolean) => void send({ type: 'skipIdleChosen', skipIdle }), [send]);

  const open: Open = useCallback(
    async (source: ReplaySource, at?: number) => {
      const remote = worker.current;
      if (!remote) {
        // The worker is still starting (a file picked right as the page shows): open once it answers, the
        // latest pick only, instead of dropping it. The bar shows meanwhile, so the pick visibly took.
        setError(null);
        setProgress(0);
        return new Promise<void>((done) => {
          waiting.current?.done();
          waiting.current = { source, at, done };
        });
      }
      setError(null);
      setProgress(0);
      // For `npm run bench:replay-browser`: how long opening a log takes, from here to its first moment.
      performance.mark('replay:open');
      setMarkers({ found: [], done: false });
      const id = ++opens.current;
      setOpened(id);
      reachable.current = null;
      // Progress comes through its own port, and may come before the answer: the latest is applied once it has.
      const early: { latest: IndexProgress | null } = { latest: null };
      let answered = false;
      const apply = (p: IndexProgress) => {
        reachable.current = p.done ? null : p.indexedTo;
        setIndexedTo(reachable.current);
        setProgress(p.done ? null : p.fraction);
        setInfo((i) => (i ? { ...i, events: p.events, bad: p.bad, last: p.last ?? i.last, indexing: !p.done, indexedTo: p.done ? null : p.indexedTo, fraction: p.fraction, failure: p.failure } : i));
        if (p.done) performance.measure('replay:indexed', 'replay:open');
      };
      const result = await remote.open(
        source,
        Comlink.proxy((p: IndexProgress) => {
          if (id !== opens.current) return;
          if (answered) apply(p);
          else early.latest = p;
        }),
        Comlink.proxy((found: TimelineEntry[], last: boolean) => {
          // Markers of a log opened before this one may still be on their way: they are not this log's.
          if (id === opens.current) setMarkers((m) => ({ found: found.length ? m.found.concat(found) : m.found, done: last }));
        }),
        // The worker's playback shows this moment (or the log's first) once it can.
        at,
      );
      if (id !== opens.current) return;
      answered = true;
      if ('error' in result) {
        setProgress(null);
        setError(result.error);
        return;
      }
      setInfo(result);
      reachable.current = result.indexing ? result.indexedTo : null;
      setIndexedTo(reachable.current);
      setProgress(result.indexing ? result.fraction : null);
      // A report sent before the answer but newer than it (the answer is built after the first events).
      if (early.latest && (early.latest.done || early.latest.events > result.events)) apply(early.latest);
      performance.measure('replay:opened', 'replay:open');
    },
    [],
  );

  // For the benchmarks and browser tests only (`__kioskBench` set): the replayed state, seeking by time, how far
  // indexing has got (null once done), and the worker itself (the debugger's figures time its API directly).
  useEffect(() => {
    const bench = (globalThis as { __kioskBench?: Record<string, unknown> }).__kioskBench;
    if (bench) bench.replay = { state: () => store.getSnapshot(), seek, indexedTo: () => reachable.current, remote: () => worker.current };
  }, [store, seek]);

  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });

  const { position, playing, speed, skipIdle } = playback;
  return {
    store, info, opened, markers: markers.found, markersDone: markers.done, progress, indexedTo, error,
    position, playing, speed, skipIdle, remote, open, seek, step, play, pause, chooseSpeed, chooseSkipIdle,
  };
}
