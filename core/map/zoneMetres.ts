/**
 * A no-go zone as a person reads it (issue 18): its size and the map-frame position of its centre in metres,
 * to a tenth, instead of image pixels. Pure.
 */
import type { NoGoZone } from '../schemas/entities';
import type { MapFrame } from './geometry';

const tenth = (v: number) => Math.round(v * 10) / 10;

export function zoneInMetres(z: Pick<NoGoZone, 'x' | 'y' | 'width' | 'height'>, f: MapFrame): { x: number; y: number; width: number; height: number } {
  return {
    x: tenth(f.origin.x + (z.x + z.width / 2) * f.resolution),
    y: tenth(f.origin.y + (f.height - z.y - z.height / 2) * f.resolution),
    width: tenth(z.width * f.resolution),
    height: tenth(z.height * f.resolution),
  };
}
