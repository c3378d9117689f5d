/** The stored maps: every saved map is kept, the newest is the robot's map. */
import type { Db } from './open';

/** A stored map: PNG bytes plus geometry. */
export interface StoredMap {
  id: number;
  created_at: string;
  png: Buffer;
  width: number;
  height: number;
  resolution: number;
  origin: { x: number; y: number };
}

interface Row {
  id: number;
  created_at: string;
  png: Buffer;
  width: number;
  height: number;
  resolution: number;
  origin_x: number;
  origin_y: number;
}

/** Reads and writes the map history. */
export class MapRepo {
  constructor(private db: Db) {}

  /** The newest map, or null before the first mapping. */
  latest(): StoredMap | null {
    const row = this.db.prepare('SELECT * FROM maps ORDER BY id DESC LIMIT 1').get() as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** How many maps were ever stored (the history). */
  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM maps').get() as { n: number }).n;
  }

  save(m: Omit<StoredMap, 'id'>): StoredMap {
    const info = this.db
      .prepare('INSERT INTO maps (created_at, png, width, height, resolution, origin_x, origin_y) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(m.created_at, m.png, m.width, m.height, m.resolution, m.origin.x, m.origin.y);
    return { ...m, id: Number(info.lastInsertRowid) };
  }
}

function fromRow(r: Row): StoredMap {
  return {
    id: r.id,
    created_at: r.created_at,
    png: r.png,
    width: r.width,
    height: r.height,
    resolution: r.resolution,
    origin: { x: r.origin_x, y: r.origin_y },
  };
}
