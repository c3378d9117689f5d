/**
 * The reports the back end could not take yet (offline, or a back end without `POST api/reports`), kept in the
 * kiosk's own IndexedDB (through idb, as worker/logStore.ts) until they can be sent. Bounded: the newest
 * `maxKept` clips within `maxBytes`, the oldest dropped first, so a kiosk offline for weeks never fills its disk.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A waiting report: its clip's text, and what the kiosk says of it. */
export interface KeptReport {
  id: number;
  /** When the operator reported (epoch ms). */
  at: number;
  text: string;
  bytes: number;
}

/** Clips kept at most: a day's worth of an operator's reports, more than anyone writes offline. */
export const MAX_KEPT_REPORTS = 10;
/** Bytes kept at most, counted as characters: a share of the kiosk's disk beside the 200 MB log. */
export const MAX_KEPT_BYTES = 100 * 1024 * 1024;

interface ReportDb extends DBSchema {
  reports: { key: number; value: Omit<KeptReport, 'id'> };
}

/** Where waiting reports are kept; the sender (worker/reportSender.ts) takes them out once sent. */
export interface ReportQueue {
  add(report: Omit<KeptReport, 'id' | 'bytes'>): Promise<void>;
  /** The waiting reports, oldest first. */
  list(): Promise<KeptReport[]>;
  remove(id: number): Promise<void>;
  count(): Promise<number>;
}

export class IdbReportQueue implements ReportQueue {
  private opened: Promise<IDBPDatabase<ReportDb>> | null = null;

  constructor(
    private readonly name = 'kiosk-reports',
    private readonly maxKept = MAX_KEPT_REPORTS,
    private readonly maxBytes = MAX_KEPT_BYTES,
  ) {}

  private get db(): Promise<IDBPDatabase<ReportDb>> {
    this.opened ??= openDB<ReportDb>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('reports', { autoIncrement: true });
      },
    });
    return this.opened;
  }

  /** Keeps a report, then drops the oldest while over either bound (the new one always stays); one transaction. */
  async add(report: Omit<KeptReport, 'id' | 'bytes'>): Promise<void> {
    const db = await this.db;
    const tx = db.transaction('reports', 'readwrite');
    await tx.store.add({ at: report.at, text: report.text, bytes: report.text.length });
    let count = await tx.store.count();
    let bytes = 0;
    for (let c = await tx.store.openCursor(); c; c = await c.continue()) bytes += c.value.bytes;
    for (let c = await tx.store.openCursor(); c && count > 1 && (count > this.maxKept || bytes > this.maxBytes); c = await c.continue()) {
      bytes -= c.value.bytes;
      count -= 1;
      await c.delete();
    }
    await tx.done;
  }

  async list(): Promise<KeptReport[]> {
    const db = await this.db;
    const tx = db.transaction('reports', 'readonly');
    const out: KeptReport[] = [];
    for (let c = await tx.store.openCursor(); c; c = await c.continue()) out.push({ id: c.primaryKey, ...c.value });
    await tx.done;
    return out;
  }

  async remove(id: number): Promise<void> {
    await (await this.db).delete('reports', id);
  }

  async count(): Promise<number> {
    return (await this.db).count('reports');
  }

  /** Closes the database (tests). */
  async close(): Promise<void> {
    (await this.db).close();
  }
}
