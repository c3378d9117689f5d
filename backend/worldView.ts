/**
 * What the mission runner needs of the back end's robot, as a narrow interface. `World` owns the runner and
 * satisfies this structurally, so the dependency runs one way: world.ts imports missionRunner.ts, and the
 * runner imports only this file, never world.ts.
 */
import type { SimClock } from './clock';
import type { Store } from './db/store';
import type { EventHub } from './events';
import type { Pose } from './grid';

/** The parts of the world every helper of it reads: storage, time and the event socket. */
export interface WorldBasics {
  readonly store: Store;
  readonly clock: SimClock;
  readonly hub: EventHub;
}

/** What the mission runner asks of the world. */
export interface MissionWorld extends WorldBasics {
  /** Why the robot cannot start a mission now, or null when it can. */
  busy(): string | null;
  /** Where the robot is. */
  pose(): Pose;
  /** Sends the robot to `goal`; its progress comes back through `MissionRunner.onNavigation`. */
  goTo(goal: Pose): void;
  /** Drops the goal and stops the robot. */
  stop(): void;
  /** Starts driving to the dock; false when already there or the robot has none. */
  returnToBase(): boolean;
}
