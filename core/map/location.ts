/**
 * The `location` parameter of /mapping/edit: a new destination (name, x, y, orientation, resolution) as
 * URL-encoded JSON. Pure.
 */

// Checked by hand, not with zod: this module is reached from the first screen's chunk (navigate -> page
// hooks), and zod there would cost the first screen about 8 kB gzip.
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readLocation(json: unknown): MappingLocation | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const v = json as Record<string, unknown>;
  if (!isFiniteNumber(v.x) || !isFiniteNumber(v.y)) return null;
  if (v.name !== undefined && typeof v.name !== 'string') return null;
  if (v.orientation !== undefined && v.orientation !== null && !isFiniteNumber(v.orientation)) return null;
  if (v.resolution !== undefined && v.resolution !== null && !isFiniteNumber(v.resolution)) return null;
  return {
    name: (v.name as string | undefined) ?? '',
    x: v.x,
    y: v.y,
    orientation: (v.orientation as number | null | undefined) ?? null,
    resolution: (v.resolution as number | null | undefined) ?? null,
  };
}

export interface MappingLocation {
  name: string;
  x: number;
  y: number;
  orientation: number | null;
  resolution: number | null;
}

/** The query string of /mapping/edit read: `type` and the location, or why the location was refused. */
export interface EditQuery {
  type: string | null;
  location: MappingLocation | null;
  /** Set when a `location` was given but could not be read (the page ignores it and logs this). */
  locationError: string | null;
}

/** Encodes a location for the address (URL-encoded JSON). */
export function encodeLocation(l: MappingLocation): string {
  return encodeURIComponent(JSON.stringify(l));
}

/** Reads `?type=...&location=...`; a malformed location is returned as an error, never thrown. */
export function parseEditQuery(search: string): EditQuery {
  const params = new URLSearchParamsLite(search);
  const type = params.get('type');
  const raw = params.get('location');
  if (raw === null || raw === '') return { type, location: null, locationError: null };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { type, location: null, locationError: 'location is not JSON' };
  }
  const location = readLocation(json);
  if (!location) return { type, location: null, locationError: 'location does not fit {name, x, y, orientation, resolution}' };
  return { type, location, locationError: null };
}

/** The core has no DOM URLSearchParams: a small reader of `a=b&c=d` with percent-decoding. */
class URLSearchParamsLite {
  private readonly map = new Map<string, string>();
  constructor(search: string) {
    const s = search.startsWith('?') ? search.slice(1) : search;
    for (const part of s.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const key = decode(eq < 0 ? part : part.slice(0, eq));
      const value = decode(eq < 0 ? '' : part.slice(eq + 1));
      if (key !== null && value !== null && !this.map.has(key)) this.map.set(key, value);
    }
  }
  get(key: string): string | null {
    return this.map.get(key) ?? null;
  }
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
