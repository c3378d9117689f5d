/**
 * The pass-through server's socket legs (proxy.ts): a client's `/ws` or teleop socket joined to a new socket on the
 * robot (ws:// or wss://), and on the teleop socket the one-driver rule (api.md "Sessions"), kept here with the
 * simulator's own DriverLock so a robot that lets anyone drive is still driven by one session at a time.
 */
import { WebSocket } from 'ws';
import { realTime } from './clock';
import { sendBounded } from './http/limits';
import { DriverLock } from './teleop/driverLock';

/** What a bridge needs to reach the robot. */
export interface RobotSocket {
  url: string;
  /** the robot's own session cookie for this caller, if the robot keeps sessions */
  cookie: string | undefined;
  /** PEM to trust for a wss:// robot with a certificate of its own */
  ca?: Buffer;
}

/** How long the robot may take to answer a socket's upgrade. */
const ROBOT_HANDSHAKE_MS = 10_000;

/** WebSocket close code for "the robot's socket is gone" (1011: the server met a condition it cannot go on with). */
const ROBOT_GONE = 1011;

/**
 * Joins a client socket to a new socket on the robot; either side closing closes the other. `passes` says which
 * of the robot's frames the client may have; `admits` may keep one of the client's frames from the robot (it
 * answers the client itself).
 */
export function bridge(
  client: WebSocket,
  robot: RobotSocket,
  passes: (text: string) => boolean,
  admits: (text: string) => boolean = () => true,
): WebSocket | null {
  let up: WebSocket;
  try {
    // A robot that takes the connection but never answers the upgrade must not hold the client's socket for ever.
    const options = { handshakeTimeout: ROBOT_HANDSHAKE_MS, ...(robot.ca ? { ca: robot.ca } : {}) };
    up = new WebSocket(robot.url, { ...options, ...(robot.cookie ? { headers: { cookie: robot.cookie } } : {}) });
  } catch {
    client.close(ROBOT_GONE, 'robot socket unreachable');
    return null;
  }
  const queued: string[] = [];
  up.on('open', () => {
    for (const m of queued.splice(0)) up.send(m);
  });
  up.on('message', (data, isBinary) => {
    if (client.readyState !== WebSocket.OPEN) return;
    const text = isBinary ? '' : data.toString();
    // A client that stopped reading is dropped, as the back end drops its own (http/limits.ts): the robot keeps sending.
    if (passes(text)) sendBounded(client, isBinary ? data : text);
  });
  client.on('message', (data) => {
    const m = data.toString();
    if (!admits(m)) return;
    if (up.readyState === WebSocket.OPEN) up.send(m);
    else if (up.readyState === WebSocket.CONNECTING && queued.length < 64) queued.push(m);
  });
  // The robot closing (or never answering the upgrade) closes the client's socket with a code it can tell apart.
  const robotGone = () => {
    if (client.readyState === WebSocket.OPEN) client.close(ROBOT_GONE, 'robot socket closed');
    else client.terminate();
  };
  up.on('close', robotGone);
  up.on('error', robotGone);
  up.on('unexpected-response', (_req, res) => {
    res.resume();
    up.terminate();
  });
  const clientGone = () => up.terminate();
  client.on('close', clientGone);
  client.on('error', clientGone);
  return up;
}

/** A teleop frame's op and mode, or null when it is not a JSON object. */
function teleopFrame(text: string): { op?: unknown; mode?: unknown; payload?: { actual_mode?: { mode?: unknown } } } | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? (v as ReturnType<typeof teleopFrame>) : null;
  } catch {
    return null;
  }
}

const BUSY = JSON.stringify({ op: 'busy', payload: {} });

/**
 * One driver at a time in front of a robot: the robot's mode as its frames say, and who holds it. A `move` or
 * `manual_mode` frame from a session that does not hold the robot is answered `busy` here and not passed on.
 */
export class ProxyDriving {
  /** the robot's mode, as its last `manual_mode`/`manual_mode_status` frame said (or as a holder switched it) */
  private manual = false;
  private lock: DriverLock;

  constructor(isLive: (session: string) => boolean) {
    this.lock = new DriverLock(realTime, isLive, () => this.manual);
  }

  /** The filter of a session's frames to the robot: false (answered busy) when another session holds it. */
  admits(client: WebSocket, session: string): (text: string) => boolean {
    return (text) => {
      const f = teleopFrame(text);
      if (!f || (f.op !== 'move' && f.op !== 'manual_mode')) return true;
      if (!this.lock.mayDrive(session)) {
        if (client.readyState === WebSocket.OPEN) client.send(BUSY);
        return false;
      }
      if (f.op === 'manual_mode' && f.mode === 'MANUAL') {
        this.manual = true;
        this.lock.take(session);
      } else if (f.op === 'manual_mode' && f.mode === 'NORMAL') {
        this.manual = false;
        this.lock.release();
      }
      return true;
    };
  }

  /** Reads the robot's mode from the frames it sends (a mode changed elsewhere ends the hold). */
  heard(text: string): void {
    const f = teleopFrame(text);
    if (!f || (f.op !== 'manual_mode' && f.op !== 'manual_mode_status')) return;
    const mode = f.payload?.actual_mode?.mode;
    if (mode === 'MANUAL' || mode === 'NORMAL') this.manual = mode === 'MANUAL';
  }

  socketOpened(session: string): void {
    this.lock.socketOpened(session);
  }

  socketClosed(session: string): void {
    this.lock.socketClosed(session);
  }
}
