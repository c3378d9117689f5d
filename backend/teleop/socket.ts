/**
 * The teleoperation socket (api.md, port 9191): manual/normal mode, move commands and joint states. Only a
 * session may connect (its upgrade is refused with 401 otherwise), and only one session drives at a time
 * (driverLock.ts): the others' `move` and `manual_mode` frames are answered `{"op": "busy"}` and not carried out.
 */
import type { Server } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import type { MonoTime } from '../clock';
import { type SessionRules, sessionForUpgrade } from '../http/access';
import { guardUpgrades } from '../http/entry';
import { type OriginRule, refuseUpgrade } from '../http/guard';
import { LIMITS, sendBounded, type SocketBudget, wsLimits } from '../http/limits';
import type { World } from '../world';
import { DriverLock } from './driverLock';

const velocity = z.number().finite().min(-1).max(1);
const frame = z.discriminatedUnion('op', [
  z.object({ client_id: z.string(), op: z.literal('manual_mode_status') }),
  z.object({ client_id: z.string(), op: z.literal('manual_mode'), mode: z.enum(['MANUAL', 'NORMAL']) }),
  z.object({ client_id: z.string(), op: z.literal('move'), lvx: velocity, lvy: velocity, avz: velocity }),
  z.object({ client_id: z.string(), op: z.literal('read_joints') }),
]);

/** WebSocket close code for a socket whose session ended (4000-4999: the application's own). */
export const SESSION_ENDED_CLOSE = 4401;

/** The teleop server: owns its sockets so they can be dropped or closed together. */
export class TeleopSocket {
  readonly wss: WebSocketServer;
  /** each open socket with the key of the session it was opened with */
  private clients = new Map<WebSocket, string>();
  private lock: DriverLock;
  private stopListening: () => void;
  /** Off (the control surface's `teleop` switch): upgrades are refused, as by a robot whose teleop is down. */
  accepting = true;

  /**
   * `origins`: whose pages may connect (the app's own, on its HTTP port; see http/guard.ts); `rules`: the
   * session rules (http/access.ts); `time`: the clock of the holder's 5 s grace (real time outside tests);
   * `budget`: the open sockets counted with `/ws`'s (http/limits.ts).
   */
  constructor(server: Server, private world: World, origins: OriginRule, private rules: SessionRules, time: MonoTime, budget: SocketBudget) {
    this.lock = new DriverLock(time, (key) => rules.sessions.isLive(key), () => world.manual);
    // A message over 4 kB closes the socket with 1009 (api.md); a `move` frame is about 100 bytes.
    this.wss = new WebSocketServer(wsLimits(LIMITS.teleopMessageBytes));
    // Any path on this port is the socket (as a robot's); the target is still parsed safely by guardUpgrades.
    server.on('upgrade', guardUpgrades('teleop', (req, socket, head) => {
      if (refuseUpgrade(req, socket, origins)) return;
      if (!this.accepting) return void socket.destroy();
      if (!budget.admit(req, socket)) return;
      const session = sessionForUpgrade(req, socket, rules);
      if (!session) return;
      this.wss.handleUpgrade(req, socket, head, (ws) => this.adopt(ws, session));
    }));
    // A logout closes the session's sockets at once: it must not go on driving.
    this.stopListening = rules.sessions.onEnd((key) => {
      for (const [ws, owner] of this.clients) if (owner === key) ws.close(SESSION_ENDED_CLOSE, 'session ended');
    });
  }

  private adopt(ws: WebSocket, session: string): void {
    this.clients.set(ws, session);
    this.lock.socketOpened(session);
    const release = this.rules.sessions.holdOpen(session);
    let gone = false;
    const forget = () => {
      if (gone) return;
      gone = true;
      this.clients.delete(ws);
      this.lock.socketClosed(session);
      release();
    };
    ws.on('close', forget);
    ws.on('error', forget);
    ws.on('message', (data, isBinary) => {
      try {
        this.onMessage(ws, session, isBinary ? '' : data.toString());
      } catch (err) {
        // One frame's failure ends its own socket, never the process.
        console.error('[teleop] message failed', err);
        ws.close(1011, 'internal error');
      }
    });
  }

  private onMessage(ws: WebSocket, session: string, text: string): void {
    if (!this.rules.sessions.isLive(session)) return void ws.close(SESSION_ENDED_CLOSE, 'session ended');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // not JSON: nothing the protocol can answer
    }
    const r = frame.safeParse(parsed);
    if (!r.success) return; // a frame outside api.md is ignored, like a robot would
    const f = r.data;
    const mode = () => ({ actual_mode: { mode: this.world.manual ? 'MANUAL' : 'NORMAL' } });
    switch (f.op) {
      case 'manual_mode_status':
        return send(ws, { op: 'manual_mode_status', payload: mode() });
      case 'manual_mode':
        if (!this.lock.mayDrive(session)) return send(ws, BUSY);
        this.world.setManual(f.mode === 'MANUAL');
        if (f.mode === 'MANUAL') this.lock.take(session);
        else this.lock.release();
        // Every open page shows the mode, so all of them hear about the change.
        for (const c of this.clients.keys()) send(c, { op: 'manual_mode', payload: mode() });
        return;
      case 'move':
        if (!this.lock.mayDrive(session)) return send(ws, BUSY);
        return this.world.command({ vx: f.lvx, vy: f.lvy, wz: f.avz });
      case 'read_joints':
        return send(ws, { op: 'joints', payload: this.world.driver.joints() });
    }
  }

  /** Drops every teleop connection (control surface). */
  dropAll(): void {
    for (const c of this.clients.keys()) c.terminate();
  }

  /** Stops the socket: each client is told 1001 (going away), as on a shutdown (SIGTERM), then the server closes. */
  close(): void {
    this.stopListening();
    for (const c of this.clients.keys()) c.close(1001, 'server shutting down');
    this.wss.close();
  }
}

/** The answer to a frame another session's hold keeps from being carried out (api.md "Sessions"). */
const BUSY = { op: 'busy', payload: {} };

/** A client that stopped reading is dropped rather than buffered for (http/limits.ts). */
function send(ws: WebSocket, payload: unknown): void {
  sendBounded(ws, JSON.stringify(payload));
}
