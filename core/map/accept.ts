/** Taking in a new map (a live update or the latest stored one): geometry into state, pixels to the shell. */
import { log, type Ctx, type DraftState } from '../context';
import type { RobotMap } from '../schemas/entities';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes the first bytes of a base64 string (enough for a PNG header). Pure. */
function base64Prefix(s: string, bytes: number): number[] | null {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length && out.length < bytes; i++) {
    const v = B64.indexOf(s[i] as string);
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return out.length === bytes ? out : null;
}

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/**
 * The width and height of a base64 PNG from its IHDR chunk alone (bytes 16 to 23), without decoding the
 * image: the core needs the size for geometry and no-go clamping, the pixels only for hit-testing. Pure.
 */
export function pngSize(base64: string): { width: number; height: number } | null {
  const b = base64Prefix(base64.slice(0, 32), 24);
  if (!b || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return null;
  const u32 = (o: number) => (((b[o] as number) << 24) | ((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number)) >>> 0;
  const width = u32(16);
  const height = u32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * A new map image: the version moves on, state takes the geometry and the robot, and the shell gets the
 * image to decode once (`map/image`). An image that is not a PNG changes nothing and is logged.
 */
export function acceptMap(d: DraftState, ctx: Ctx, map: RobotMap): void {
  const size = pngSize(map.image);
  if (!size) {
    log(ctx, 'warn', 'map image is not a PNG; ignored');
    return;
  }
  d.map.version += 1;
  // Copied field by field: the frame may be the log's own object (a cheap check passed it, not zod's copy).
  d.map.origin = { x: map.origin.x, y: map.origin.y };
  d.map.resolution = map.resolution;
  d.map.robot = { x: map.robot.x, y: map.robot.y, orientation: map.robot.orientation };
  d.map.width = size.width;
  d.map.height = size.height;
  ctx.effects.push({ type: 'map/image', version: d.map.version, image: map.image });
}
