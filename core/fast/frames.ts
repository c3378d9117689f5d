/**
 * The robot frames a draft-free step takes (see fastStep.ts), each the plain-state twin of its drafted
 * handler in core/slices or core/map: the same writes, as replaced slices. A handler returns false to decline:
 * the event's work is thrown away and the drafted step handles it from the state before it. Pure.
 */
import type { WsFrame } from '../schemas/ws';
import { REJECTIONS_KEPT } from '../state';
import { batteriesAfter } from '../slices/batteries';
import { alertsAfter } from '../slices/alerts';
import { backendDisconnectedFast, robotConnectedFast, robotDisconnectedFast } from './connection';
import { pngSize } from '../map/accept';
import { movementProgressed, movementReadied } from './movement';
import { copied, patched, type FastWork } from './work';

/** Handles a frame that passed its checks, as `handleFrame` (core/wsMessage.ts) does on a draft. */
export function fastFrame(w: FastWork, at: number, frame: WsFrame): boolean {
  switch (frame.event) {
    case 'robot/battery_state':
      batteriesTaken(w, frame.data);
      return true;
    case 'robot/alert_update':
      w.alerts = alertsAfter(w.alerts, frame.data);
      return true;
    case 'robot/connected':
      robotConnectedFast(w);
      return true;
    case 'robot/disconnected':
      robotDisconnectedFast(w, at);
      return true;
    case 'backend/connected':
      w.connection = patched(w.connection, { backend: true });
      return true;
    case 'backend/disconnected':
      backendDisconnectedFast(w);
      return true;
    case 'robot/userFollowed':
      // On /mapping/wait the page moves on: navigation is the drafted step's.
      if (w.s.route.path === '/mapping/wait') return false;
      w.follow = patched(w.follow, { following: true });
      return true;
    case 'robot/lostFollowedUser':
      w.follow = patched(w.follow, { following: false });
      return true;
    case 'mapping/mapUpdate':
      return mapTaken(w, frame.data);
    case 'movement/ready':
      return movementReadied(w, at, frame.data);
    case 'movement/started':
    case 'movement/arriving':
    case 'movement/completed':
    case 'movement/failed':
      return movementProgressed(w, at, frame.event, frame.data);
    default:
      return false;
  }
}

/**
 * `batteryState` on plain state: `batteriesAfter`, except that a slice this run made (`freshBatteries`) takes
 * the values in place. Nothing declines after this point, so the write is never undone.
 */
function batteriesTaken(w: FastWork, data: Extract<WsFrame, { event: 'robot/battery_state' }>['data']): void {
  const slice = w.batteries;
  const items = data.batteries;
  if (slice === w.freshBatteries && slice.charges.length === items.length && slice.health.length === items.length) {
    for (let i = 0; i < items.length; i++) {
      slice.charges[i] = items[i]!.charge ?? null;
      slice.health[i] = items[i]!.health ?? null;
    }
    return;
  }
  const next = batteriesAfter(slice, data);
  if (next !== slice) w.batteries = w.freshBatteries = next;
}

/** `acceptMap` (core/map/accept.ts) on plain state. */
function mapTaken(w: FastWork, data: Extract<WsFrame, { event: 'mapping/mapUpdate' }>['data']): boolean {
  const size = pngSize(data.image);
  if (!size) {
    w.effects.push({ type: 'log', level: 'warn', message: 'map image is not a PNG; ignored' });
    return true;
  }
  const map = copied(w.map);
  const version = (map.version += 1);
  map.origin = { x: data.origin.x, y: data.origin.y };
  map.resolution = data.resolution;
  map.robot = { x: data.robot.x, y: data.robot.y, orientation: data.robot.orientation };
  map.width = size.width;
  map.height = size.height;
  w.map = map;
  w.effects.push({ type: 'map/image', version, image: data.image });
  return true;
}

/** `reject` (core/rejections.ts) on plain state. */
export function fastReject(w: FastWork, at: number, source: string, reason: string): void {
  const r = w.rejections;
  const entry = { at, source, reason };
  const recent = r.recent.slice();
  if (recent.length < REJECTIONS_KEPT) recent.push(entry);
  else recent[r.next] = entry;
  const next = copied(r);
  next.recent = recent;
  next.next = (r.next + 1) % REJECTIONS_KEPT;
  next.count = r.count + 1;
  w.rejections = next;
  w.effects.push({ type: 'log', level: 'warn', message: `rejected ${source}: ${reason}` });
}
