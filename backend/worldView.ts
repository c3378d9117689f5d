/**
 * What the mission runner and the mapping need of the world, as narrow interfaces. `World` owns both and
 * satisfies these structurally, so the dependency runs one way: world.ts imports mapping.ts and
 * missionRunner.ts, and they import only this file, never world.ts.
 */
import type { SimClock } from './clock';
import type { Store } from './db/store';
import type { EventHub } from './events';
import type { Point } from './grid';
import type { Path } from './robots/sim/planner';
import type { Robot } from './robots/sim/robot';

/** The parts of the world every helper of it reads: storage, time, the event socket and the robot's body. */
export interface WorldBasics {
  readonly store: Store;
  readonly clock: SimClock;
  readonly hub: EventHub;
  readonly robot: Robot;
}

/** What the mission runner asks of the world. */
export interface MissionWorld extends WorldBasics {
  /** Why the robot cannot start a mission now, or null when it can. */
  busy(): string | null;
  /** A path from the robot to `goal` on the known map, or null when there is no map or no path. */
  planTo(goal: Point): Path | null;
  /** Starts driving to the dock; false when already there or no path exists. */
  returnToBase(): boolean;
}

/** What the mapping and follow-me ask of the world. */
export interface MappingWorld extends WorldBasics {
  /** The mission runner, woken when mapping or following ends so a queued mission can start. */
  readonly runner: { kick(): void };
}
