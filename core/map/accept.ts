/** Taking in a new map (a live update or the latest stored one): geometry into state, pixels to the shell. */
import { log, type Ctx } from '../context';
import type { State } from '../state';
import type { RobotMap } from '../schemas/entities';
import { base64ToBytes } from './base64';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/**
 * The width and height of a base64 PNG from its IHDR chunk alone (bytes 16 to 23), without decoding the
 * image: the core needs the size for geometry and no-go clamping, the pixels only for hit-testing. Pure.
 */
export function pngSize(base64: string): { width: number; height: number } | null {
  let b: Uint8Array;
  try {
    b = base64ToBytes(base64, 24);
  } catch {
    return null;
  }
  if (b.length < 24) return null;
  for (let i = 0; i < PNG_SIGNATURE.length; i++) if (b[i] !== PNG_SIGNATURE[i]) return null;
  const width = u32(b, 16);
  const height = u32(b, 20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The big-endian unsigned 32-bit number at `o`. */
function u32(b: Uint8Array, o: number): number {
  return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
}

/**
 * A new map image: the version moves on, state takes the geometry and the robot, and the shell gets the
 * image to decode once (`map/image`). An image that is not a PNG changes nothing and is logged. Pure.
 */
export function acceptMap(slice: State['map'], map: RobotMap, ctx: Pick<Ctx, 'effects'>): State['map'] {
  const size = pngSize(map.image);
  if (!size) {
    log(ctx, 'warn', 'map image is not a PNG; ignored');
    return slice;
  }
  const version = slice.version + 1;
  // Copied field by field: the frame may be the log's own object (a cheap check passed it, not zod's copy).
  const next: State['map'] = {
    version,
    origin: { x: map.origin.x, y: map.origin.y },
    resolution: map.resolution,
    robot: { x: map.robot.x, y: map.robot.y, orientation: map.robot.orientation },
    width: size.width,
    height: size.height,
  };
  ctx.effects.push({ type: 'map/image', version, image: map.image });
  return next;
}
