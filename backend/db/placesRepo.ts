/** Destinations, their recipients and the no-go zones. */
import type { Destination, NoGoZone, Recipient } from '../types';
import type { Db } from './open';

/** Default destination colour (api.md). */
export const DEFAULT_COLOR = '#d9d9d9';
/** How many entries the "recents" calls answer. */
const RECENTS = 5;

type DestinationInput = Omit<Destination, 'id' | 'created_at' | 'color'> & { color?: string | undefined };

const DEST_COLS = 'id, name, x, y, orientation, resolution, color, created_at';

/** Reads and writes destinations, recipients and no-go zones. */
export class PlacesRepo {
  constructor(private db: Db) {}

  destinations(): Destination[] {
    return this.db.prepare(`SELECT ${DEST_COLS} FROM destinations ORDER BY id`).all() as Destination[];
  }

  /** Destinations used by mission definitions, most recently used first. */
  recentDestinations(): Destination[] {
    return this.db
      .prepare(`SELECT ${DEST_COLS} FROM destinations WHERE last_used_at IS NOT NULL ORDER BY last_used_at DESC, id DESC LIMIT ?`)
      .all(RECENTS) as Destination[];
  }

  destination(id: number): Destination | undefined {
    return this.db.prepare(`SELECT ${DEST_COLS} FROM destinations WHERE id = ?`).get(id) as Destination | undefined;
  }

  createDestination(d: DestinationInput, createdAt: string): Destination {
    const info = this.db
      .prepare('INSERT INTO destinations (name, x, y, orientation, resolution, color, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(d.name, d.x, d.y, d.orientation, d.resolution, d.color ?? DEFAULT_COLOR, createdAt);
    return this.destination(Number(info.lastInsertRowid)) as Destination;
  }

  /** Updates the given fields; returns the new row, or undefined for an unknown id. */
  updateDestination(id: number, patch: Partial<DestinationInput>): Destination | undefined {
    const cols = Object.entries(patch).filter(([, v]) => v !== undefined);
    return this.db.transaction(() => {
      if (!this.destination(id)) return undefined;
      if (cols.length)
        this.db
          .prepare(`UPDATE destinations SET ${cols.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`)
          .run(...cols.map(([, v]) => v as string | number), id);
      return this.destination(id);
    })();
  }

  /** Deletes a destination and (by cascade) its recipients; false for an unknown id. */
  deleteDestination(id: number): boolean {
    return this.db.prepare('DELETE FROM destinations WHERE id = ?').run(id).changes > 0;
  }

  recipients(destinationId?: number): Recipient[] {
    if (destinationId === undefined)
      return this.db.prepare('SELECT id, name, destination_id FROM recipients ORDER BY id').all() as Recipient[];
    return this.db
      .prepare('SELECT id, name, destination_id FROM recipients WHERE destination_id = ? ORDER BY id')
      .all(destinationId) as Recipient[];
  }

  recentRecipients(): Recipient[] {
    return this.db
      .prepare('SELECT id, name, destination_id FROM recipients WHERE last_used_at IS NOT NULL ORDER BY last_used_at DESC, id DESC LIMIT ?')
      .all(RECENTS) as Recipient[];
  }

  recipient(id: number): Recipient | undefined {
    return this.db.prepare('SELECT id, name, destination_id FROM recipients WHERE id = ?').get(id) as Recipient | undefined;
  }

  createRecipient(name: string, destinationId: number, createdAt: string): Recipient {
    const info = this.db
      .prepare('INSERT INTO recipients (name, destination_id, created_at) VALUES (?, ?, ?)')
      .run(name, destinationId, createdAt);
    return this.recipient(Number(info.lastInsertRowid)) as Recipient;
  }

  deleteRecipient(id: number): boolean {
    return this.db.prepare('DELETE FROM recipients WHERE id = ?').run(id).changes > 0;
  }

  /** Marks destinations and recipients as just used (feeds the recents calls). */
  touch(destinationIds: number[], recipientIds: number[], at: string): void {
    const d = this.db.prepare('UPDATE destinations SET last_used_at = ? WHERE id = ?');
    const r = this.db.prepare('UPDATE recipients SET last_used_at = ? WHERE id = ?');
    for (const id of destinationIds) d.run(at, id);
    for (const id of recipientIds) r.run(at, id);
  }

  zones(): NoGoZone[] {
    return this.db.prepare('SELECT id, x, y, width, height FROM no_go_zones ORDER BY id').all() as NoGoZone[];
  }

  createZone(z: Omit<NoGoZone, 'id'>): NoGoZone {
    const info = this.db.prepare('INSERT INTO no_go_zones (x, y, width, height) VALUES (?, ?, ?, ?)').run(z.x, z.y, z.width, z.height);
    return { id: Number(info.lastInsertRowid), ...z };
  }

  deleteZone(id: number): boolean {
    return this.db.prepare('DELETE FROM no_go_zones WHERE id = ?').run(id).changes > 0;
  }
}
