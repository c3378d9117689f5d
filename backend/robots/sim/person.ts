/**
 * Follow-me: a virtual person who walks a tour of the floor, and the logic of a robot following them along
 * their trail. The person behaves like a considerate guide: waits when the robot falls behind, and walks back
 * towards it when the robot has lost them for a while.
 */
import { groundTruth, tour } from './floorPlan';
import type { Grid, Point } from '../../grid';
import { lineOfSight } from './mapper';
import { buildCostGrid, type CostGrid, isFree, plan } from './planner';

const WALK_SPEED = 0.9; // m/s, an unhurried walk
const FOLLOW_SPEED = 1.0; // m/s, the robot may go a little faster to catch up
const KEEP_DISTANCE = 1.2; // m the robot keeps behind the person
const WAIT_DISTANCE = 4; // m beyond which the person waits
const SIGHT_RANGE = 7; // m the robot's person detector reaches
const GESTURE_S = 2; // s to recognise the "follow me" gesture
const LOST_DEBOUNCE_S = 2; // s out of sight before the robot declares the person lost
const COME_BACK_S = 3; // s of being lost before the person walks back

let walkGrid: { truth: Grid; grid: CostGrid } | null = null;
/** Where a person can walk: ground truth with a 0.35 m body margin, so trails are wide enough for the robot too. */
function walkable(): CostGrid {
  // Rebuilt when the ground truth changes (a simulator started with --map).
  if (walkGrid?.truth !== groundTruth()) walkGrid = { truth: groundTruth(), grid: buildCostGrid(groundTruth(), [], 0.45) };
  return walkGrid.grid;
}

/** What the follower reports each step. */
export interface FollowStep {
  /** robot target velocity towards the trail, or null to stand still */
  target: Point | null;
  speed: number;
  found: boolean;
}

/** The person and the follower's view of them. */
export class Person {
  pos: Point;
  /** Points the person walked through that the robot has not reached yet (oldest first). */
  trail: Point[] = [];
  /** Whether the robot currently follows (has seen the person recently). */
  following = false;
  /** Control surface override: the person is hidden from the robot's sensors. */
  hidden = false;
  private route: Point[] = [];
  private tourIdx = 0;
  private age = 0;
  private unseen = 0;

  constructor(robot: Point, headingRad: number) {
    // Stand 2 m in front of the robot, as the mapping page asks; step back if that spot is not walkable.
    let d = 2;
    let p = { x: robot.x + Math.cos(headingRad) * d, y: robot.y + Math.sin(headingRad) * d };
    while (d > 0.5 && !isFree(walkable(), p)) {
      d -= 0.25;
      p = { x: robot.x + Math.cos(headingRad) * d, y: robot.y + Math.sin(headingRad) * d };
    }
    this.pos = p;
  }

  /** Moves the person next to the robot and makes them visible (control surface "found"). */
  appear(robot: Point): void {
    this.hidden = false;
    this.pos = { ...robot };
    this.trail = [];
    this.route = [];
  }

  /** Advances the person by `dt` seconds and says where the robot should go. */
  step(dt: number, robot: Point): FollowStep {
    this.age += dt;
    const dist = Math.hypot(this.pos.x - robot.x, this.pos.y - robot.y);
    const visible =
      !this.hidden && this.age >= GESTURE_S && dist <= SIGHT_RANGE && lineOfSight(groundTruth(), robot, this.pos);
    this.unseen = visible ? 0 : this.unseen + dt;
    if (visible) this.following = true;
    else if (this.unseen >= LOST_DEBOUNCE_S || this.age < GESTURE_S) this.following = false;

    if (!this.hidden && this.age >= GESTURE_S) {
      // A guide who notices the robot is not behind them stops; after a while they go back to fetch it.
      if (!this.following && this.unseen >= COME_BACK_S) this.walkBack(dt, robot);
      else if (visible && dist < WAIT_DISTANCE) this.walkOn(dt);
    }
    return this.follower(robot, dist, visible);
  }

  private follower(robot: Point, dist: number, visible: boolean): FollowStep {
    // Drop trail points the robot has reached.
    while (this.trail.length && Math.hypot(this.trail[0]!.x - robot.x, this.trail[0]!.y - robot.y) < 0.15) this.trail.shift();
    // Out of sight (round a door frame, say) the robot keeps to the trail however close the person is.
    if (!this.following || (visible && dist <= KEEP_DISTANCE)) return { target: null, speed: 0, found: this.following };
    if (!visible && !this.trail.length) return { target: null, speed: 0, found: this.following };
    const target = this.trail[0] ?? this.pos;
    const speed = Math.min(FOLLOW_SPEED, Math.max(0.2, dist - KEEP_DISTANCE));
    return { target, speed, found: true };
  }

  /** Walks the tour, leaving a trail. */
  private walkOn(dt: number): void {
    if (!this.route.length) {
      const goals = tour();
      const goal = goals[this.tourIdx % goals.length] as Point;
      if (Math.hypot(goal.x - this.pos.x, goal.y - this.pos.y) < 0.3) {
        this.tourIdx++;
        return;
      }
      const p = plan(walkable(), this.pos, goal, 1);
      this.route = p ? p.points.slice(1) : [];
      // An unreachable goal (should not happen on this floor) is skipped rather than retried forever.
      if (!this.route.length) this.tourIdx++;
      return;
    }
    let budget = WALK_SPEED * dt;
    while (budget > 0 && this.route.length) {
      const next = this.route[0] as Point;
      const d = Math.hypot(next.x - this.pos.x, next.y - this.pos.y);
      if (d <= budget) {
        this.pos = { ...next };
        this.route.shift();
        budget -= d;
      } else {
        this.pos = { x: this.pos.x + ((next.x - this.pos.x) * budget) / d, y: this.pos.y + ((next.y - this.pos.y) * budget) / d };
        budget = 0;
      }
      const last = this.trail[this.trail.length - 1];
      if (!last || Math.hypot(last.x - this.pos.x, last.y - this.pos.y) > 0.25) this.trail.push({ ...this.pos });
    }
  }

  /** Retraces the trail towards the robot until it sees the person again. */
  private walkBack(dt: number, robot: Point): void {
    this.route = [];
    const target = this.trail.length > 1 ? (this.trail[this.trail.length - 2] as Point) : robot;
    const d = Math.hypot(target.x - this.pos.x, target.y - this.pos.y);
    const step = WALK_SPEED * dt;
    if (d <= step) {
      this.pos = { ...target };
      this.trail.pop();
    } else {
      this.pos = { x: this.pos.x + ((target.x - this.pos.x) * step) / d, y: this.pos.y + ((target.y - this.pos.y) * step) / d };
    }
  }
}
