/**
 * Runs missions: takes queued definitions one at a time, counts down, drives to each step's destination,
 * waits there for the operator's activity reports, then moves on; afterwards records the ended mission and
 * sends the robot back to its Base. A charging mission (kind "charging") has no activities: at Base it charges
 * until every battery is full, or until the operator stops it. Every change of the current mission is written
 * before it is announced.
 */
import type { NavEvent } from './robots/driver';
import { iso, type CurrentMission, type EndedMission, type MissionDefinition } from './types';
import type { MissionWorld } from './worldView';
import { FAIL_REASONS } from './failReasons';
import { endedRecord } from './endedMission';

/** Departure countdown of a mission's first step, seconds (api decision: 10 s). */
export const FIRST_COUNTDOWN_S = 10;
/** Countdown before each later step, seconds. */
export const NEXT_COUNTDOWN_S = 5;
/** Delay between queueing and `movement/ready`, seconds. */
const READY_DELAY_S = 1;
/** A charging mission ends by itself when every battery is at least this full. */
export const CHARGED = 0.99;

type Phase = 'idle' | 'starting' | 'countdown' | 'driving' | 'at_goal' | 'returning';

/** Outcome of an operator call on the current mission. */
export type RunnerResult = 'ok' | 'conflict' | 'not_found';

/** The mission state machine. */
export class MissionRunner {
  phase: Phase = 'idle';
  current: CurrentMission | null;
  private def: MissionDefinition | null = null;
  private timer: number | null = null;
  private arrivingSent = false;
  /** A goal published again (resume, relocalisation) does not announce the departure twice. */
  private startedSent = false;
  /** When the running departure countdown ends (clock ms), and what a pause left of it (s). */
  private departAt = 0;
  private countdownLeftS: number | null = null;
  /** Control surface: the next departure fails as if no path existed. */
  failNext = false;

  constructor(private w: MissionWorld) {
    this.current = w.store.missions.current();
    if (this.current) this.restore(this.current);
  }

  /** Starts the next queued mission if the robot is free. Called after queueing and whenever the robot frees up. */
  kick(): void {
    if (this.current || this.phase === 'starting' || this.w.busy()) return;
    if (this.phase !== 'idle' && this.phase !== 'returning') return;
    if (!this.w.store.missions.queueLength()) return;
    this.phase = 'starting';
    this.timer = this.w.clock.after(READY_DELAY_S * 1000, () => this.startNext());
  }

  /** The api.md CurrentMission, or {} when idle. */
  view(): object {
    const c = this.current;
    if (!c) return {};
    return {
      definition_id: c.definition_id,
      status: c.status,
      step_index: c.step_index,
      activities: c.activities.map((a) => ({ step: a.step, idx: a.idx, status: a.status })),
    };
  }

  /** A charging mission stands at Base: the robot charges (the simulator charges an idle robot on its dock). */
  charging(): boolean {
    return this.phase === 'at_goal' && this.def?.kind === 'charging';
  }

  /** The batteries' charges were read: a charging mission ends when all are full. */
  onBatteries(charges: number[]): void {
    if (this.charging() && charges.length > 0 && charges.every((c) => c >= CHARGED)) this.finish('completed');
  }

  /** Adds metres driven on the current mission. */
  addDistance(m: number): void {
    if (this.current && this.phase === 'driving') this.current.distance += m;
  }

  /** Persists progress (distance) now. */
  save(): void {
    if (this.current) this.w.store.missions.saveCurrent(this.current);
  }

  /** The robot's news about the goal it was given last: departure, near the goal, arrival, failure. */
  onNavigation(e: NavEvent, reason?: string): void {
    if (this.phase === 'returning') {
      if (e === 'arrived' || e === 'failed') {
        this.phase = 'idle';
        this.kick();
      }
      return;
    }
    if (this.phase !== 'driving' || !this.current) return;
    if (e === 'started' && !this.startedSent) {
      this.startedSent = true;
      this.w.hub.broadcast('movement/started', this.ids(this.current.step_index));
    } else if (e === 'arriving' && !this.arrivingSent) this.emit('movement/arriving');
    else if (e === 'arrived') {
      if (!this.arrivingSent) this.emit('movement/arriving');
      this.phase = 'at_goal';
      this.emit('movement/completed');
    } else if (e === 'failed') {
      this.emit('movement/failed', reason);
      this.finish('uncompleted', { outcome: 'failed', ...(reason === undefined ? {} : { reason }) });
    }
  }

  pause(): RunnerResult {
    const c = this.current;
    if (!c) return 'conflict';
    if (c.status === 'paused') return 'ok';
    c.status = 'paused';
    this.save();
    // A paused countdown goes on from where it was on resume (issue 34), as the app's does.
    if (this.phase === 'countdown') {
      this.w.clock.cancel(this.timer);
      this.countdownLeftS = Math.max(1, Math.ceil((this.departAt - this.w.clock.now()) / 1000));
    }
    if (this.phase === 'driving') this.w.stop();
    return 'ok';
  }

  resume(): RunnerResult {
    const c = this.current;
    if (!c) return 'conflict';
    if (c.status === 'running') return 'ok';
    c.status = 'running';
    this.save();
    if (this.phase === 'countdown') this.beginStep(c.step_index, this.countdownLeftS ?? (c.step_index === 0 ? FIRST_COUNTDOWN_S : NEXT_COUNTDOWN_S));
    if (this.phase === 'driving') this.driveToStep();
    return 'ok';
  }

  cancel(): RunnerResult {
    if (!this.current) return 'conflict';
    this.finish('uncompleted', { outcome: 'stopped' });
    return 'ok';
  }

  /**
   * A charging mission waits at the front of the queue: a mission the robot is on now is stopped for it (recorded
   * as stopped, issue 42), and the charge leaves as soon as the robot is free.
   */
  chargeNow(): void {
    if (this.current && this.w.store.missions.definition(this.current.definition_id)?.kind !== 'charging') this.finish('uncompleted', { outcome: 'stopped' });
    else this.kick();
  }

  /** Applies an activity status report (api.md activity status call). */
  report(step: number, idx: number, body: Record<string, unknown>): RunnerResult {
    const c = this.current;
    if (!c) return 'conflict';
    const a = c.activities.find((x) => x.step === step && x.idx === idx);
    if (!a) return 'not_found';
    if (step !== c.step_index || this.phase !== 'at_goal') return 'conflict';
    if ('message' in body) a.message_read = true;
    if ('delivered' in body) a.delivered = body.delivered as unknown[];
    if ('picked-up' in body) a.picked_up = body['picked-up'] as unknown[];
    if (body.status === 'completed' && a.status !== 'completed') {
      a.status = 'completed';
      a.performed_at = iso(this.w.clock.now());
    }
    this.save();
    if (c.activities.every((x) => x.step !== step || x.status === 'completed')) this.nextStep();
    return 'ok';
  }

  /** After relocalisation or manual driving the old path is meaningless: send the goal again from where the robot is. */
  onRelocalized(): void {
    if (this.phase === 'returning') this.goHome();
    if (this.phase !== 'driving' || this.current?.status !== 'running') return;
    this.driveToStep();
  }

  /** Stops timers (server shutdown); the current mission stays stored and resumes on the next start. */
  close(): void {
    this.w.clock.cancel(this.timer);
    this.save();
  }

  private startNext(): void {
    this.phase = 'idle';
    if (this.w.busy()) return;
    const id = this.w.store.missions.dequeue();
    if (id === null) return;
    const def = this.w.store.missions.definition(id);
    if (!def || !def.steps.length) return this.kick();
    this.def = def;
    this.current = {
      definition_id: def.id,
      status: 'running',
      step_index: 0,
      activities: def.steps.flatMap((s, step) => s.activities.map((a) => ({ step, idx: a.idx, status: 'pending' as const }))),
      started_at: iso(this.w.clock.now()),
      distance: 0,
    };
    this.save();
    this.beginStep(0, FIRST_COUNTDOWN_S);
  }

  private beginStep(index: number, countdownS: number): void {
    this.w.clock.cancel(this.timer);
    this.phase = 'countdown';
    this.countdownLeftS = null;
    this.departAt = this.w.clock.now() + countdownS * 1000;
    this.w.hub.broadcast('movement/ready', { ...this.ids(index), duration: countdownS });
    this.timer = this.w.clock.after(countdownS * 1000, () => this.depart());
  }

  private depart(): void {
    const c = this.current;
    const step = this.def?.steps[c?.step_index ?? -1];
    if (!c || !step) return;
    this.arrivingSent = false;
    this.startedSent = false;
    this.phase = 'driving';
    if (this.failNext) {
      this.failNext = false;
      return this.onNavigation('failed', FAIL_REASONS.pathBlocked);
    }
    this.driveToStep();
  }

  /** Gives the robot the current step's destination as its goal (a destination deleted meanwhile fails the step). */
  private driveToStep(): void {
    const step = this.def?.steps[this.current?.step_index ?? -1];
    const dest = step && this.w.store.places.destination(step.destination_id);
    if (!dest) return this.onNavigation('failed', FAIL_REASONS.destinationDeleted);
    this.w.goTo({ x: dest.x, y: dest.y, orientation: dest.orientation });
  }

  /** Heads for the dock (no events); idle when there is none or the robot is already there. */
  private goHome(): void {
    this.phase = 'returning';
    // A goal that fails at once has already set the phase back to idle.
    if (!this.w.returnToBase() && this.phase === 'returning') this.phase = 'idle';
  }

  private nextStep(): void {
    const c = this.current as CurrentMission;
    const last = (this.def?.steps.length ?? 0) - 1;
    if (c.step_index >= last) return this.finish('completed');
    c.step_index++;
    this.save();
    // Paused at a destination: the next countdown starts on resume.
    if (c.status === 'paused') this.phase = 'countdown';
    else this.beginStep(c.step_index, NEXT_COUNTDOWN_S);
  }

  /**
   * Records the ended mission, clears the current one, and heads home or to the next queued mission. An
   * uncompleted one says how it ended (api.md `outcome`, `reason`), so a list loaded later can tell.
   */
  private finish(status: 'completed' | 'uncompleted', end: Pick<EndedMission, 'outcome' | 'reason'> = {}): void {
    const c = this.current;
    if (!c) return;
    this.w.clock.cancel(this.timer);
    const def = this.def ?? this.w.store.missions.definition(c.definition_id);
    this.w.store.missions.end(endedRecord(c, def, status, end, this.w.clock.now()));
    this.current = null;
    this.def = null;
    this.w.stop();
    this.goHome();
    this.kick();
  }

  /** Picks a stored mission up again after a restart: at its destination if the robot is there, else counting down. */
  private restore(c: CurrentMission): void {
    this.def = this.w.store.missions.definition(c.definition_id) ?? null;
    const step = this.def?.steps[c.step_index];
    const dest = step && this.w.store.places.destination(step.destination_id);
    const here = this.w.pose();
    if (dest && Math.hypot(dest.x - here.x, dest.y - here.y) < 0.3) this.phase = 'at_goal';
    else if (c.status === 'running') this.w.clock.after(0, () => this.beginStep(c.step_index, NEXT_COUNTDOWN_S));
    else this.phase = 'countdown';
  }

  private ids(step: number) {
    return { mission_definition_id: this.current?.definition_id ?? 0, step_index: step };
  }

  /** `reason`: movement/failed's short human text (api.md). */
  private emit(event: string, reason?: string): void {
    if (event === 'movement/arriving') this.arrivingSent = true;
    const ids = this.ids(this.current?.step_index ?? 0);
    this.w.hub.broadcast(event, reason === undefined ? ids : { ...ids, reason });
  }
}
