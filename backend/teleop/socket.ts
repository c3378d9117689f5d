/** The teleoperation socket (api.md, port 9191): manual/normal mode, move commands and joint states. */
import type { Server } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { type OriginRule, refuseUpgrade } from '../http/guard';
import type { World } from '../world';

const velocity = z.number().finite().min(-1).max(1);
const frame = z.discriminatedUnion('op', [
  z.object({ client_id: z.string(), op: z.literal('manual_mode_status') }),
  z.object({ client_id: z.string(), op: z.literal('manual_mode'), mode: z.enum(['MANUAL', 'NORMAL']) }),
  z.object({ client_id: z.string(), op: z.literal('move'), lvx: velocity, lvy: velocity, avz: velocity }),
  z.object({ client_id: z.string(), op: z.literal('read_joints') }),
]);

/** The teleop server: owns its sockets so they can be dropped or closed together. */
export class TeleopSocket {
  readonly wss: WebSocketServer;
  private clients = new Set<WebSocket>();
  /** Off (the control surface's `teleop` switch): upgrades are refused, as by a robot whose teleop is down. */
  accepting = true;

  /** `origins`: whose pages may connect (the app's own, on its HTTP port; see http/guard.ts). */
  constructor(server: Server, private world: World, origins: OriginRule) {
    this.wss = new WebSocketServer({ noServer: true });
    server.on('upgrade', (req, socket, head) => {
      if (refuseUpgrade(req, socket, origins)) return;
      if (!this.accepting) return void socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
    });
    this.wss.on('connection', (ws) => {
      this.clients.add(ws);
      ws.on('close', () => this.clients.delete(ws));
      ws.on('error', () => this.clients.delete(ws));
      ws.on('message', (data, isBinary) => this.onMessage(ws, isBinary ? '' : data.toString()));
    });
  }

  private onMessage(ws: WebSocket, text: string): void {
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
        this.world.setManual(f.mode === 'MANUAL');
        // Every open page shows the mode, so all of them hear about the change.
        for (const c of this.clients) send(c, { op: 'manual_mode', payload: mode() });
        return;
      case 'move':
        return this.world.command({ vx: f.lvx, vy: f.lvy, wz: f.avz });
      case 'read_joints':
        return send(ws, { op: 'joints', payload: this.world.driver.joints() });
    }
  }

  /** Drops every teleop connection (control surface). */
  dropAll(): void {
    for (const c of this.clients) c.terminate();
    this.clients.clear();
  }

  close(): void {
    this.dropAll();
    this.wss.close();
  }
}

function send(ws: WebSocket, payload: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload));
}
