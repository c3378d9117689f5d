/**
 * `--map FILE.yaml`: a ROS map_server map (its YAML and its .pgm or .png image) as the simulator's ground
 * truth. The image is read as map_server reads a trinary map: occupancy p = (255 - v) / 255 (or v / 255 when
 * `negate: 1`), occupied above `occupied_thresh`, free below `free_thresh`, unknown between. The ground
 * truth knows no unknown: what the building's map left unknown counts as wall, so nobody walks through it.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { decode } from 'fast-png';
import { FREE, Grid, OCCUPIED } from '../../grid';

/** The fields of a map_server YAML the simulator uses. */
export interface MapYaml {
  image: string;
  resolution: number;
  origin: [number, number, number];
  negate: 0 | 1;
  occupied_thresh: number;
  free_thresh: number;
  mode: string;
}

/** Reads the flat `key: value` YAML map_server writes (origin as a `[x, y, yaw]` list). Throws on a missing key. */
export function parseMapYaml(text: string): MapYaml {
  const fields = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim().replace(/^["']|["']$/g, ''));
  }
  const need = (key: string) => {
    const v = fields.get(key);
    if (v === undefined || v === '') throw new Error(`map yaml: ${key} is missing`);
    return v;
  };
  const num = (key: string, fallback?: number) => {
    const v = fields.has(key) ? Number(fields.get(key)) : fallback;
    if (v === undefined || !Number.isFinite(v)) throw new Error(`map yaml: ${key} is not a number`);
    return v;
  };
  const origin = need('origin').replace(/[[\]\s]/g, '').split(',').map(Number);
  if (origin.length !== 3 || origin.some((v) => !Number.isFinite(v))) throw new Error('map yaml: origin must be [x, y, yaw]');
  const resolution = num('resolution');
  if (!(resolution > 0)) throw new Error('map yaml: resolution must be positive');
  return {
    image: need('image'),
    resolution,
    origin: origin as [number, number, number],
    negate: num('negate', 0) ? 1 : 0,
    occupied_thresh: num('occupied_thresh', 0.65),
    free_thresh: num('free_thresh', 0.196),
    mode: fields.get('mode') ?? 'trinary',
  };
}

/** Grey levels of a PGM (P5 binary or P2 ASCII, 8-bit). */
export function readPgm(bytes: Uint8Array): { width: number; height: number; grey: Uint8Array } {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
  // Magic, width, height, maxval, with comments between; one whitespace byte ends the header of P5.
  const header = /^(P[25])(?:\s+|#[^\n]*\n)+(\d+)(?:\s+|#[^\n]*\n)+(\d+)(?:\s+|#[^\n]*\n)+(\d+)\s/.exec(text);
  if (!header) throw new Error('not a PGM image (P2 or P5)');
  const [whole, magic, w, h, max] = header;
  const width = Number(w);
  const height = Number(h);
  const maxval = Number(max);
  if (maxval > 255) throw new Error('16-bit PGM maps are not supported');
  const scale = 255 / maxval;
  const grey = new Uint8Array(width * height);
  if (magic === 'P5') {
    const body = bytes.subarray(whole!.length);
    if (body.length < grey.length) throw new Error(`PGM is truncated: ${body.length} of ${grey.length} pixels`);
    for (let i = 0; i < grey.length; i++) grey[i] = Math.round((body[i] as number) * scale);
  } else {
    const values = new TextDecoder('latin1').decode(bytes).slice(whole!.length).replace(/#[^\n]*/g, '').trim().split(/\s+/);
    if (values.length < grey.length) throw new Error('PGM is truncated');
    for (let i = 0; i < grey.length; i++) grey[i] = Math.round(Number(values[i]) * scale);
  }
  return { width, height, grey };
}

/** Grey levels of a PNG map image (colour pixels by their mean, as map_server does). */
function readPng(bytes: Uint8Array): { width: number; height: number; grey: Uint8Array } {
  const img = decode(bytes);
  const ch = img.channels;
  const colours = ch === 2 || ch === 4 ? ch - 1 : ch;
  const grey = new Uint8Array(img.width * img.height);
  for (let i = 0; i < grey.length; i++) {
    let v = 0;
    for (let c = 0; c < colours; c++) v += Number(img.data[i * ch + c]);
    grey[i] = Math.round(v / colours);
  }
  return { width: img.width, height: img.height, grey };
}

/** The ground truth from a map_server YAML file (the image path is relative to the YAML's folder). */
export function loadMapFile(yamlPath: string): Grid {
  const meta = parseMapYaml(readFileSync(yamlPath, 'utf8'));
  const imagePath = resolve(dirname(yamlPath), meta.image);
  const bytes = new Uint8Array(readFileSync(imagePath));
  const img = /\.png$/i.test(imagePath) ? readPng(bytes) : readPgm(bytes);
  const data = new Uint8Array(img.width * img.height);
  for (let i = 0; i < data.length; i++) {
    const v = img.grey[i] as number;
    const p = meta.negate ? v / 255 : (255 - v) / 255;
    data[i] = p < meta.free_thresh ? FREE : OCCUPIED;
  }
  // map_server ignores the yaw of the origin for the image placement; so does the simulator.
  return new Grid(img.width, img.height, meta.resolution, { x: meta.origin[0], y: meta.origin[1] }, FREE, data);
}
