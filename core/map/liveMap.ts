/** The live map's geometry and a version that changes with every new image (pixels stay in the shell). */
export interface LiveMapState {
  version: number;
  origin: { x: number; y: number } | null;
  resolution: number | null;
  robot: { x: number; y: number; orientation: number } | null;
  /** The image's size in pixels, read from its PNG header (null before the first map). */
  width: number | null;
  height: number | null;
}

export function initialLiveMap(): LiveMapState {
  return { version: 0, origin: null, resolution: null, robot: null, width: null, height: null };
}
