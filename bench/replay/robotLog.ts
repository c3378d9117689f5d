/**
 * A generated day of robot traffic as a kiosk event log (JSON Lines), for the replay benchmark. Deterministic
 * (seeded), so every run replays the same lines. The mix follows what a robot sends: mostly battery states,
 * then movement progress, alert changes, connection flaps, follow-me and map updates, and about 2% lines that
 * are broken in the ways real recordings are (truncated JSON, unparsed frames, frames that fail their schema,
 * unknown events, lines without a time).
 */
import { seededRandom } from '../../core/rng';

const DAY_MS = 86_400_000;
const DAY_ZERO = Date.UTC(2026, 10, 22, 0, 0, 0);
const ERRORS = ['node_lost', 'motor_overcurrent', 'lidar_timeout', 'estop_pressed'];
const WARNINGS = ['battery_1_low', 'battery_2_low', 'wheel_slip', 'localisation_weak'];
/** A small map image stand-in: real map frames carry a base64 PNG, kept short so lines stay "small events". */
const IMAGE = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * Makes `count` log lines (a header first) spread over one day. `day` lays days end to end (the day after
 * DAY_ZERO, and so on); `header: false` leaves the header line out (the days after the first of a long log).
 */
export function generateRobotLog(count: number, seed = 7, { day = 0, header = true }: { day?: number; header?: boolean } = {}): string[] {
  const { rand, pick } = seededRandom(seed);
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  const START = DAY_ZERO + day * DAY_MS;

  const lines: string[] = header ? [JSON.stringify({ format: 'kiosk-event-log', version: 1, recordedAt: new Date(START).toISOString(), app: 'robot-kiosk' })] : [];
  const charges = [0.93, 0.88];
  let mission = 1;
  let phase = 0;
  const step = DAY_MS / count;
  for (let i = 1; i < count; i++) {
    const at = Math.round(START + i * step + rand() * step * 0.5);
    const r = rand();
    if (r < 0.7) {
      for (let b = 0; b < 2; b++) charges[b] = Math.min(1, Math.max(0, (charges[b] as number) + (rand() - 0.52) * 0.002));
      lines.push(ws(at, 'robot/battery_state', { batteries: charges.map((c) => ({ charge: round3(c), health: 0.97 })) }));
    } else if (r < 0.8) {
      const phases = ['movement/ready', 'movement/started', 'movement/arriving', pick(['movement/completed', 'movement/completed', 'movement/failed'])];
      const event = phases[phase] as string;
      const data = { mission_definition_id: mission, step_index: phase === 0 ? 0 : 1, ...(phase === 0 ? { duration: 3 } : {}) };
      lines.push(ws(at, event, data));
      phase = (phase + 1) % 4;
      if (phase === 0) mission = (mission % 40) + 1;
    } else if (r < 0.88) {
      const up = rand() < 0.5;
      const list = [pick(ERRORS)];
      const warn = [pick(WARNINGS)];
      lines.push(
        ws(at, 'robot/alert_update', {
          activated_errors: up ? list : [],
          activated_warnings: up ? warn : [],
          resolved_errors: up ? [] : list,
          resolved_warnings: up ? [] : warn,
        }),
      );
    } else if (r < 0.91) {
      lines.push(ws(at, pick(['robot/connected', 'robot/disconnected', 'backend/connected', 'robot/connected']), {}));
    } else if (r < 0.93) {
      lines.push(ws(at, pick(['robot/userFollowed', 'robot/lostFollowedUser']), {}));
    } else if (r < 0.95) {
      const robot = { x: round3(rand() * 40), y: round3(rand() * 30), orientation: round3(rand() * 6.28) };
      lines.push(ws(at, 'mapping/mapUpdate', { image: IMAGE, origin: { x: -10, y: -10 }, resolution: 0.05, robot }));
    } else if (r < 0.97) {
      lines.push(ws(at, pick(['robot/pose', 'robot/diagnostics']), { x: round3(rand()), y: round3(rand()) }));
    } else if (r < 0.98) {
      lines.push(JSON.stringify({ at, type: pick(['ws/opened', 'ws/closed', 'tick']) }));
    } else {
      lines.push(malformed(at, pick));
    }
  }
  return lines;
}

/** One broken line, as real recordings have them. */
function malformed(at: number, pick: <T>(xs: readonly T[]) => T): string {
  switch (pick(['truncated', 'raw', 'schema', 'noEvent', 'noTime', 'notObject'] as const)) {
    case 'truncated':
      return ws(at, 'robot/battery_state', { batteries: [{ charge: 0.5 }] }).slice(0, 40);
    case 'raw':
      return JSON.stringify({ at, type: 'ws/message', raw: '{"event":"robot/battery_st' });
    case 'schema':
      return ws(at, 'robot/battery_state', { batteries: [{ charge: 1.7 }, { charge: 'full' }] });
    case 'noEvent':
      return JSON.stringify({ at, type: 'ws/message', message: { data: {} } });
    case 'noTime':
      return JSON.stringify({ type: 'ws/message', message: { event: 'robot/connected', data: {} } });
    case 'notObject':
      return '42';
  }
}

function ws(at: number, event: string, data: unknown): string {
  return JSON.stringify({ at, type: 'ws/message', message: { event, data } });
}
