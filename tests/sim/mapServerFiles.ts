/**
 * A small building drawn as a ROS map_server map (free 254, unknown 205, occupied 0, rows top to bottom),
 * written as map_server writes it: a P5 PGM and its YAML. Made here, not a real building.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'fast-png';

export const W = 600;
export const H = 400;
export const RES = 0.05;
export const ORIGIN = { x: -5, y: -3 };

/** Grey level at a pixel: unknown outside the walls, 0.2 m walls round a 26 x 16 m hall split by one wall with a door. */
export function building(px: number, py: number): number {
  const x = px * RES;
  const y = (H - py) * RES; // metres from the bottom edge
  if (x < 2 || x > 28 || y < 2 || y > 18) return 205;
  if (x < 2.2 || x > 27.8 || y < 2.2 || y > 17.8) return 0;
  // An inner wall at x = 15 with a 1.5 m door between y = 9 and 10.5.
  if (x >= 15 && x < 15.2 && !(y > 9 && y < 10.5)) return 0;
  return 254;
}

export function greys(): Uint8Array {
  const data = new Uint8Array(W * H);
  for (let py = 0; py < H; py++) for (let px = 0; px < W; px++) data[py * W + px] = building(px, py);
  return data;
}

const yaml = (image: string, extra = '') =>
  `image: ${image}\nmode: trinary\nresolution: ${RES}\norigin: [${ORIGIN.x}, ${ORIGIN.y}, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n${extra}`;

/** Writes building.pgm (P5) and building.yaml into `dir`; returns the YAML's path. */
export function writeBuildingPgm(dir: string): string {
  const header = Buffer.from(`P5\n# CREATOR: map_saver 0.050 m/pix\n${W} ${H}\n255\n`, 'latin1');
  writeFileSync(join(dir, 'building.pgm'), Buffer.concat([header, Buffer.from(greys())]));
  writeFileSync(join(dir, 'building.yaml'), yaml('building.pgm'));
  return join(dir, 'building.yaml');
}

/** The same building as an ASCII P2 PGM. */
export function writeBuildingP2(dir: string): string {
  const g = greys();
  const rows: string[] = [];
  for (let py = 0; py < H; py++) rows.push(Array.from(g.subarray(py * W, (py + 1) * W)).join(' '));
  writeFileSync(join(dir, 'ascii.pgm'), `P2\n# ascii\n${W} ${H}\n255\n${rows.join('\n')}\n`);
  writeFileSync(join(dir, 'ascii.yaml'), yaml('ascii.pgm'));
  return join(dir, 'ascii.yaml');
}

/** The same building as a negated PNG (white = occupied), with its YAML saying so. */
export function writeBuildingNegatedPng(dir: string): string {
  const g = greys().map((v) => 255 - v);
  writeFileSync(join(dir, 'negated.png'), encode({ width: W, height: H, data: g, channels: 1, depth: 8 }));
  writeFileSync(join(dir, 'negated.yaml'), yaml('negated.png').replace('negate: 0', 'negate: 1'));
  return join(dir, 'negated.yaml');
}
