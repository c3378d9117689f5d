/**
 * A client of Nav2's NavigateToPose action: three services under `<action>/_action/` (send_goal, get_result,
 * cancel_goal; requests on `rq/...Request`, replies on `rr/...Reply`, as both rmw name them, e.g.
 * rmw_fastrtps_shared_cpp/src/namespace_prefix.cpp and rmw_fastrtps_cpp/src/rmw_client.cpp's topic names; each
 * carrying the request header `{guid, seq}` first, as rmw_cyclonedds' wire has it; the Fast DDS bridge moves it
 * into RTPS for rmw_fastrtps') and two topics (`feedback`, and `status`, transient local).
 *
 * One goal at a time, the newest: accepted and then executing (feedback, or EXECUTING on the status topic) is
 * `started`; SUCCEEDED `arrived`; ABORTED, or a refused goal, `failed`. News of any other goal is ignored, so
 * the ABORTED Nav2 gives the old goal when a new one replaces it (a resume) is no failure. The result's body
 * differs by release (Humble: empty, Iron: error_code, Jazzy: error_code and error_msg): only the status is
 * needed, and the reason is read when there is one.
 */
import { randomBytes } from 'node:crypto';
import type { NavEvent } from '../driver';
import { CdrReader, type Msg } from './cdr';
import type { DdsLink, Publisher } from './ddsLink';

/** action_msgs/msg/GoalStatus values. */
export const STATUS = { UNKNOWN: 0, ACCEPTED: 1, EXECUTING: 2, CANCELING: 3, SUCCEEDED: 4, CANCELED: 5, ABORTED: 6 } as const;

const T = 'nav2_msgs/action/NavigateToPose';
/** How long a terminal status waits for the get_result reply (which may carry the reason) before it counts. */
const RESULT_GRACE_MS = 500;
/**
 * A goal sent and not answered in this long fails: the robot's action server matched but is stuck, or does
 * not speak the bridge's service wire (a middleware forced by --rmw that is not the robot's).
 */
export const ANSWER_MS = 10_000;

export interface NavigateOptions {
  /** the action's name, e.g. /navigate_to_pose */
  action: string;
  /** how long a sent goal may go unanswered, ms (default ANSWER_MS) */
  answerMs?: number;
}

interface Goal {
  id: string;
  uuid: Uint8Array;
  /** the send_goal request, kept until the robot's server listens */
  request: Msg | null;
  seq: bigint;
  accepted: boolean;
  executing: boolean;
  started: boolean;
  grace: ReturnType<typeof setTimeout> | null;
  /** when the send_goal request went out */
  sentAt: number;
}

const hex = (u: ArrayLike<number>) => Buffer.from(Uint8Array.from(u)).toString('hex');

/**
 * A get_result reply, read leniently: the header and the status, then what the release adds to the result
 * (Iron: `uint16 error_code`; Jazzy: also `string error_msg`). Humble's empty result reads as no reason.
 */
export function readResultReply(bytes: Uint8Array): Msg {
  const r = new CdrReader(bytes);
  const out: Msg = { rmw_guid: r.primitive('uint64'), rmw_seq: r.primitive('int64'), status: r.primitive('int8') };
  try {
    const code = r.remaining >= 2 ? (r.primitive('uint16') as number) : 0;
    const text = r.remaining >= 4 ? r.string().trim() : '';
    if (text) out.reason = text;
    else if (code) out.reason = `Nav2 error code ${code}`;
  } catch {
    // a result shorter than Jazzy's: no reason
  }
  return out;
}

export class NavigateClient {
  private readonly guid = randomBytes(8).readBigUInt64LE(0);
  private seq = 0n;
  private goal: Goal | null = null;
  private sendGoal: Publisher;
  private getResult: Publisher;
  private cancelGoal: Publisher;
  private pump: ReturnType<typeof setInterval>;

  private action: string;
  private answerMs: number;

  constructor(
    link: DdsLink,
    opts: NavigateOptions,
    private news: (e: NavEvent, reason?: string) => void,
    private warn: (topic: string, text: string, kind?: string) => void,
  ) {
    const action = (this.action = opts.action);
    this.answerMs = opts.answerMs ?? ANSWER_MS;
    const svc = (name: string) => `${action}/_action/${name}`;
    const reliable = { reliable: true, depth: 10 };
    this.sendGoal = link.publisher(`rq${svc('send_goal')}Request`, `${T}_SendGoal_Request`, reliable);
    this.getResult = link.publisher(`rq${svc('get_result')}Request`, `${T}_GetResult_Request`, reliable);
    this.cancelGoal = link.publisher(`rq${svc('cancel_goal')}Request`, 'action_msgs/srv/CancelGoal_Request', reliable);
    link.subscribe(`rr${svc('send_goal')}Reply`, `${T}_SendGoal_Response`, reliable, (m) => this.onAccepted(m));
    link.subscribe(`rr${svc('get_result')}Reply`, `${T}_GetResult_Response`, reliable, (m) => this.onResult(m), readResultReply);
    link.subscribe(`rr${svc('cancel_goal')}Reply`, 'action_msgs/srv/CancelGoal_Response', reliable, () => {});
    link.subscribe(`rt${svc('feedback')}`, `${T}_FeedbackMessage`, reliable, (m) => this.onFeedback(m));
    link.subscribe(`rt${svc('status')}`, 'action_msgs/msg/GoalStatusArray', { reliable: true, transientLocal: true, depth: 10 }, (m) => this.onStatus(m));
    // A request written before the robot's server readers matched is lost (volatile): it waits for the match.
    this.pump = setInterval(() => this.flush(), 100);
  }

  /** Sends a new goal (replacing any); its news comes through `news`. */
  send(pose: Msg): void {
    this.dropGoal();
    const uuid = randomBytes(16);
    const now = Date.now();
    const goal = { pose: { header: { stamp: { sec: Math.floor(now / 1000), nanosec: (now % 1000) * 1e6 }, frame_id: 'map' }, pose }, behavior_tree: '' };
    this.goal = { id: hex(uuid), uuid, request: null, seq: 0n, accepted: false, executing: false, started: false, grace: null, sentAt: 0 };
    this.goal.request = { ...this.header(this.goal), goal_id: { uuid }, goal };
    this.flush();
  }

  /** Cancels the current goal (no news follows for it). */
  cancel(): void {
    const g = this.goal;
    this.dropGoal();
    if (!g) return;
    // Its id, stamp zero: that goal only. A goal not yet accepted is cancelled too, should it be accepted.
    this.cancelGoal({ rmw_guid: this.guid, rmw_seq: ++this.seq, goal_info: { goal_id: { uuid: g.uuid }, stamp: { sec: 0, nanosec: 0 } } });
  }

  close(): void {
    clearInterval(this.pump);
    this.dropGoal();
  }

  private header(g: Goal) {
    g.seq = ++this.seq;
    return { rmw_guid: this.guid, rmw_seq: g.seq };
  }

  private dropGoal(): void {
    if (this.goal?.grace) clearTimeout(this.goal.grace);
    this.goal = null;
  }

  private flush(): void {
    const g = this.goal;
    if (g && !g.request && !g.accepted && performance.now() - g.sentAt > this.answerMs) {
      this.finish('failed', "the robot's navigation did not answer the goal");
      return;
    }
    // The whole server first, as rclcpp's action_server_is_ready: a get_result or cancel_goal request written
    // before its server matched would be lost, and with it the result, or the stop of a pause.
    if (!g?.request || [this.sendGoal, this.getResult, this.cancelGoal].some((p) => p.matched() === 0)) return;
    this.sendGoal(g.request);
    g.request = null;
    g.sentAt = performance.now();
  }

  private mine(m: Msg, g: Goal | null): g is Goal {
    return g !== null && m.rmw_guid === this.guid && m.rmw_seq === g.seq;
  }

  private onAccepted(m: Msg): void {
    const g = this.goal;
    if (!this.mine(m, g)) return;
    if (!m.accepted) {
      this.finish('failed', 'the robot refused the goal');
      return;
    }
    g.accepted = true;
    this.getResult({ ...this.header(g), goal_id: { uuid: g.uuid } });
    this.maybeStarted();
  }

  private onFeedback(m: Msg): void {
    const g = this.goal;
    if (!g || hex(m.goal_id.uuid) !== g.id) return;
    g.executing = true;
    this.maybeStarted();
  }

  private onStatus(m: Msg): void {
    const g = this.goal;
    for (const s of m.status_list as Msg[]) {
      const status = s.status as number;
      if (status < 0 || status > 6) {
        this.warn(`${this.action}/_action/status`, `ignored unknown status ${status} of goal ${hex(s.goal_info.goal_id.uuid)}`, 'unknown status');
        continue;
      }
      if (!g || hex(s.goal_info.goal_id.uuid) !== g.id) continue;
      if (status === STATUS.EXECUTING) {
        g.executing = true;
        this.maybeStarted();
      } else if ((status === STATUS.SUCCEEDED || status === STATUS.ABORTED) && !g.grace) {
        g.grace = setTimeout(() => this.goal === g && this.finish(status === STATUS.SUCCEEDED ? 'arrived' : 'failed'), RESULT_GRACE_MS);
      }
    }
  }

  private onResult(m: Msg): void {
    if (!this.mine(m, this.goal)) return;
    if (m.status === STATUS.SUCCEEDED) this.finish('arrived');
    else if (m.status === STATUS.ABORTED) this.finish('failed', m.reason as string | undefined);
    // CANCELED: our own cancel, whose goal is no longer ours
  }

  private maybeStarted(): void {
    const g = this.goal;
    if (!g || g.started || !g.accepted || !g.executing) return;
    g.started = true;
    this.news('started');
  }

  private finish(e: 'arrived' | 'failed', reason?: string): void {
    const g = this.goal;
    if (!g) return;
    // A goal that ends before its first feedback (a short trip) still started.
    if (!g.started && e === 'arrived') this.news('started');
    this.dropGoal();
    this.news(e, reason);
  }
}
