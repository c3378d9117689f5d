/** Test helpers for the map core: small greyscale PNGs, and a harness that decodes them as the worker does. */
import { encode } from 'fast-png';
import type { MapSide, OccupancyGrid } from '../../core/map/grid';
import type { CoreEvent } from '../../core/events';
import { step } from '../../core/step';
import { initialState, type State } from '../../core/state';
import { decodeMapPng } from '../../core/map/decodePng';
import { Harness, T0, type EventInput } from './harness';

/** A greyscale map image (rows top to bottom) as base64 PNG. */
export function mapImage(width: number, height: number, grey: (px: number, py: number) => number): string {
  const data = new Uint8Array(width * height);
  for (let py = 0; py < height; py++) for (let px = 0; px < width; px++) data[py * width + px] = grey(px, py);
  return Buffer.from(encode({ width, height, data, channels: 1, depth: 8 })).toString('base64');
}

/** The side store as the worker keeps it: grids by map version. */
export class Grids implements MapSide {
  readonly byVersion = new Map<number, OccupancyGrid>();
  grid(version: number) {
    return this.byVersion.get(version);
  }
}

/** A harness whose steps see the decoded grids, filled from the core's `map/image` effects as the worker does. */
export class MapHarness extends Harness {
  readonly grids = new Grids();
  constructor(path = '/') {
    super(T0, path);
  }
  override send(input: EventInput) {
    const r = step(this.state, { ...input, at: this.now } as CoreEvent, this.grids);
    this.state = r.state;
    this.effects.push(...r.effects);
    for (const e of r.effects) if (e.type === 'map/image') this.grids.byVersion.set(e.version, decodeMapPng(e.image).grid);
    return r.effects;
  }
}

/** A map harness that keeps the events it stepped, as the recorder does. */
export class RecordingHarness extends MapHarness {
  readonly log: CoreEvent[] = [];
  /** The live state after each event, by the event's place in the log. */
  readonly states: State[] = [];
  override send(input: EventInput) {
    // A restart is a new worker: a fresh state and no grids.
    if (input.type === 'shell/started') {
      this.state = initialState();
      this.grids.byVersion.clear();
    }
    this.log.push({ ...input, at: this.now } as CoreEvent);
    const effects = super.send(input);
    this.states.push(this.state);
    return effects;
  }
}

/** A started map harness, logged in, with both sockets up. */
export function bootedMap(path = '/missions', h = new MapHarness()): MapHarness {
  h.send({ type: 'shell/started', path: '/missions', seed: 42, clientId: 'test-client' });
  h.send({ type: 'ws/opened' });
  h.ws('robot/connected');
  // Logged in through the real flow: the PIN's outcome, then the latest map (one exists).
  h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
  h.answer('api/auth/login', { isCorrect: true });
  h.answer('api/map/latest', { image: mapImage(2, 2, () => 254), origin: { x: 0, y: 0 }, resolution: 1, robot: { x: 0, y: 0, orientation: 0 } });
  if (path !== '/missions') h.send({ type: 'ui/navigated', path });
  return h;
}
