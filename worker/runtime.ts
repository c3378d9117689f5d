/**
 * The imperative shell around the pure core: it stamps time on inputs, records them, steps the core in
 * batches, carries out the effects (calls, sockets, secrets, logs), wakes the core at the earliest due timer,
 * and pushes changed slices to subscribers at most once per frame.
 */
import type { CoreEvent, Intent, PinPurpose, StartReason } from '../core/events';
import type { Effect } from '../core/effects';
import { initialState, type State } from '../core/state';
import { stepAll } from '../core/step';
import type { Ports } from './ports';
import { Recorder } from './recorder';
import { isPin, SecretStore } from './secrets';
import { HttpClient } from './http';
import { LogLimiter } from './logLimiter';
import { SocketLink } from './socketLink';
import { MapImages, type MapDecoderLoader } from './mapImages';
import { changedSlices, pieceEnd, type Slices } from './batches';

export type { Slices } from './batches';
export type Listener = (changed: Slices) => void;

/** api.md's teleoperation port, dialled when the page's server named none (the Vite dev server). */
export const TELEOP_PORT = 9191;

export class KioskRuntime {
  private state: State = initialState();
  private pushed: State | null = null;
  private readonly listeners = new Set<Listener>();
  private queue: CoreEvent[] = [];
  private flushScheduled = false;
  /** Map presses (and what follows them) wait in the queue for images still waiting for the decoder. */
  private heldForMap = false;
  private pushScheduled = false;
  /** A listener to subscribe as soon as the batch being stepped has its state, before its effects (`startNow`). */
  private firstListener: Listener | null = null;
  /** While held (`holdEffects` until `releaseEffects`), the effects to carry out, in the order the core asked. */
  private held: Effect[] | null = null;
  private wakeHandle: unknown = null;
  private wakeAt: number | null = null;
  /** The time of the core's last `wake` effect: when to tick it next (null: no timer). */
  private wakeDue: number | null = null;
  private readonly secrets = new SecretStore();
  private readonly http: HttpClient;
  private readonly ws: SocketLink;
  private readonly teleop: SocketLink;
  private stopped = false;
  private readonly logs: LogLimiter;
  readonly recorder: Recorder;
  /** Decoded map images by version: the core's hit-testing grids and the pixels the map view draws. */
  readonly mapImages: MapImages;

  /**
   * `teleopPort`: where the teleoperation socket is, as the server that served the page said (issue 42: a back
   * end started with `--teleop-port`, the pass-through server's own); default api.md's 9191.
   */
  constructor(private readonly ports: Ports, recorderCapacity?: number, loadMapDecoder?: MapDecoderLoader, teleopPort: number = TELEOP_PORT) {
    this.recorder = new Recorder(recorderCapacity);
    this.mapImages = new MapImages((level, message) => ports.log(level, message), loadMapDecoder);
    this.logs = new LogLimiter(ports.now, (level, message) => ports.log(level, message));
    this.http = new HttpClient(ports, this.secrets, (e) => this.feed(e));
    const wsProto = ports.location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.ws = new SocketLink(ports, `${wsProto}//${ports.location.host}/ws`, 'ws', (e) => this.feed(e));
    this.teleop = new SocketLink(ports, `${wsProto}//${ports.location.hostname}:${teleopPort}/`, 'teleop', (e) => this.feed(e), true);
  }

  /**
   * Starts the app at the page's path. Randomness (seed, client id) is stamped here, on the event, and why it
   * starts (a page reload, or a start), where the page said.
   */
  start(path: string, search = '', reason?: StartReason): void {
    const seed = Math.floor(this.ports.random() * 2 ** 31);
    const clientId = `kiosk-${Math.floor(this.ports.random() * 36 ** 8).toString(36).padStart(8, '0')}`;
    const why = reason === undefined ? {} : { reason };
    this.feed({ type: 'shell/started', at: this.ports.now(), path, search, seed, clientId, tzOffsetMinutes: this.ports.tzOffsetMinutes(), sessions: true, ...why });
  }

  /**
   * Starts the app (as `start`) and steps the start at once. `listener`, where given, is subscribed with the
   * started state before the start's effects are carried out (the sockets opened, the first requests sent):
   * the page waits for that state, and the I/O does not need to go first (3-10 ms of the worker's start on a
   * loaded two-core kiosk, bench/README.md at f0de46c "worker ready").
   */
  startNow(path: string, search: string, listener: Listener | null, reason?: StartReason): void {
    this.start(path, search, reason);
    this.firstListener = listener;
    this.flush();
    this.firstListener = null;
  }

  /**
   * From now until `releaseEffects`, the core's effects wait, in order: no socket opens, no frame or call goes
   * out, no secret is cleared before the call that uses it. Only `wake` is taken at once, so the core's timers
   * still run; the core steps and pushes its state as ever. The live page holds the start's effects until its
   * first screen is committed: on a two-core kiosk, the sockets, calls and answers under way while React
   * hydrated delayed the first screen and the worker's answer by 20-25 ms (bench/README.md at f0de46c, "The start's I/O
   * after the first screen").
   */
  holdEffects(): void {
    this.held ??= [];
  }

  /** Carries out the held effects, in order, and stops holding them (nothing when not holding). */
  releaseEffects(): void {
    const held = this.held;
    this.held = null;
    if (held && !this.stopped) for (const effect of held) this.perform(effect);
  }

  /** An intent from the UI, stamped with the current time. */
  dispatch(intent: Intent): void {
    this.feed({ ...intent, at: this.ports.now() } as CoreEvent);
  }

  /**
   * A complete PIN typed by the person. It is held here and only the fact of it (and for confirmation,
   * whether it matched) reaches the core.
   */
  submitPin(purpose: PinPurpose, pin: string): void {
    if (!isPin(pin)) return;
    const at = this.ports.now();
    if (purpose === 'newPin') this.secrets.hold('newPin', pin);
    // /settings' PIN change sends the PIN in force with the new one (api.md, Sessions).
    else if (purpose === 'currentPin') this.secrets.hold('currentPin', pin);
    else if (purpose === 'confirmPin') {
      this.feed({ type: 'ui/pinSubmitted', at, purpose, match: this.secrets.matches('newPin', pin) });
      return;
    } else this.secrets.hold('pin', pin);
    this.feed({ type: 'ui/pinSubmitted', at, purpose });
  }

  /** Feeds one event to the core: stepped (and recorded) with the others of this task in one batch. */
  feed(event: CoreEvent): void {
    if (this.stopped) return;
    this.queue.push(event);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  /**
   * Steps the queued events. Public so tests can drive it synchronously. A map press is hit-tested on the grids
   * decoded from the images before it, as a replay does (core/map/logGrids.ts): the queue is stepped in pieces
   * that end before a press following an image, and a press waits (with all after it) while images still wait
   * for the decoder.
   */
  flush(): void {
    this.flushScheduled = false;
    if (this.queue.length === 0 || this.heldForMap) return;
    while (this.queue.length > 0) {
      const decoding = this.mapImages.pending();
      const end = pieceEnd(this.queue, decoding !== null);
      if (end === 0) {
        this.holdForMap(decoding as Promise<void>);
        break;
      }
      const batch = end === this.queue.length ? this.queue : this.queue.slice(0, end);
      this.queue = end === this.queue.length ? [] : this.queue.slice(end);
      this.stepBatch(batch);
    }
    this.scheduleWake();
    this.schedulePush();
  }

  private stepBatch(batch: CoreEvent[]): void {
    const before = this.state;
    const result = stepAll(before, batch, this.mapImages);
    this.state = result.state;
    this.recorder.recordBatch(batch, result.rejected);
    const listener = this.firstListener;
    this.firstListener = null;
    if (listener) this.subscribe(listener);
    for (const effect of result.effects) {
      if (this.held && effect.type !== 'wake') this.held.push(effect);
      else this.perform(effect);
    }
  }

  /** Steps the held queue once the images before its first press are decoded (or given up). */
  private holdForMap(decoding: Promise<void>): void {
    this.heldForMap = true;
    void decoding.then(() => {
      this.heldForMap = false;
      if (!this.stopped) this.flush();
    });
  }

  private perform(effect: Effect): void {
    switch (effect.type) {
      case 'http/request':
        return this.http.request(effect);
      case 'ws/open':
        return this.ws.open();
      case 'ws/send':
        return this.ws.send(effect.message);
      case 'teleop/open':
        return this.teleop.open();
      case 'teleop/send':
        return this.teleop.send(effect.message);
      case 'sockets/renew':
        this.ws.reopen();
        // A login answered: the back end is there, so a /ws still waiting for its 5 s retry (it went away, a
        // restart) opens now, and the robot's frames after the login are not missed (issue 42).
        this.ws.open();
        return this.teleop.reopen();
      case 'secret/clear':
        return this.secrets.clear(effect.name);
      case 'wake':
        this.wakeDue = effect.at; // the core says when its next timer is due; scheduleWake sets it after the batch
        return;
      case 'log':
        return this.logs.log(effect.level, effect.message);
      case 'map/image':
        return this.mapImages.add(effect.version, effect.image);
    }
  }

  /** Arms one real timer for the core's earliest due timer. */
  private scheduleWake(): void {
    const due = this.wakeDue;
    if (due === this.wakeAt) return;
    if (this.wakeHandle !== null) this.ports.clearTimeout(this.wakeHandle);
    this.wakeHandle = null;
    this.wakeAt = due;
    if (due === null || this.stopped) return;
    this.wakeHandle = this.ports.setTimeout(() => {
      this.wakeHandle = null;
      this.wakeAt = null;
      // Timers may fire a little early; the tick is never before the due time, so the timer fires.
      this.feed({ type: 'tick', at: Math.max(this.ports.now(), due) });
    }, Math.max(0, due - this.ports.now()));
  }

  private schedulePush(): void {
    if (this.pushScheduled || this.listeners.size === 0) return;
    this.pushScheduled = true;
    this.ports.nextFrame(() => this.push());
  }

  /** Sends each listener only the slices whose reference changed since the last push. */
  private push(): void {
    this.pushScheduled = false;
    const changed = changedSlices(this.pushed, this.state);
    this.pushed = this.state;
    if (!changed) return;
    for (const listener of this.listeners) listener(changed);
  }

  /** Subscribes to changes; the first call receives the whole state. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    this.pushed = this.state;
    return () => this.listeners.delete(listener);
  }

  snapshot(): State {
    return this.state;
  }

  exportLog(): string {
    return this.recorder.export(this.logMeta());
  }

  /** The persisted log, every session its store still holds (the in-memory one when there is no store). */
  exportPersistedLog(): Promise<string> {
    return this.recorder.exportPersisted(this.logMeta());
  }

  /** The persisted log as a file, streamed from the store chunk by chunk. */
  exportPersistedLogFile(): Promise<Blob> {
    return this.recorder.exportPersistedFile(this.logMeta());
  }

  /** The header fields of an exported log. */
  logMeta(): Record<string, unknown> {
    return { recordedAt: new Date(this.ports.now()).toISOString(), app: 'robot-kiosk' };
  }

  /** Stops timers and sockets (a page that goes away releases its worker). */
  stop(): void {
    this.stopped = true;
    this.held = null;
    if (this.wakeHandle !== null) this.ports.clearTimeout(this.wakeHandle);
    this.ws.close();
    this.teleop.close();
    this.listeners.clear();
  }
}

