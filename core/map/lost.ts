/** /node-lost: show the robot where it is (a free spot and one of the eight directions), then go on. */
import type { Ctx, DraftState } from '../context';
import { request } from '../calls/request';
import { isCompassAngle } from './geometry';

export function relocalized(d: DraftState, ctx: Ctx, action: 'orientation' | 'confirm' | 'cancel', orientation?: number): void {
  const m = d.mapEdit;
  const spot = m.relocalize;
  if (d.route.path !== '/node-lost' || !spot || m.busy) return;
  if (action === 'cancel') {
    m.relocalize = null;
    m.error = null;
  } else if (action === 'orientation') {
    if (orientation !== undefined && isCompassAngle(orientation)) spot.orientation = orientation;
  } else if (spot.orientation !== null) {
    // Confirm stays disabled until a direction is chosen.
    m.busy = true;
    m.error = null;
    request(d, ctx, 'mapPosition', 'POST', 'api/position', { x: spot.x, y: spot.y, orientation: spot.orientation });
  }
}
