/**
 * The recorder's IndexedDB store (through idb): the log as chunks of JSON Lines, bounded to the last 7 days
 * and 200 MB, the oldest chunks dropped first. A running total kept in the same transaction as each write
 * saves reading every chunk to know the size.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LogChunk, LogSink } from './recorder';

/** Keep this many days of log, counted back from the newest event. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** And at most this many bytes of JSON. */
export const KEEP_BYTES = 200 * 1024 * 1024;

interface Totals {
  bytes: number;
  events: number;
  chunks: number;
  droppedEvents: number;
}

interface LogDb extends DBSchema {
  chunks: { key: number; value: LogChunk };
  // One record, 'totals'. A side store (such as map images kept once by hash) adds its own object store here.
  meta: { key: string; value: Totals };
}

const EMPTY: Totals = { bytes: 0, events: 0, chunks: 0, droppedEvents: 0 };

/** An IndexedDB log store; `name` lets tests keep theirs apart. */
export class IdbLogStore implements LogSink {
  /** Opened on first use (the recorder's first write comes a moment after the worker has answered `start`). */
  private opened: Promise<IDBPDatabase<LogDb>> | null = null;

  constructor(
    private readonly name = 'kiosk-log',
    private readonly keepMs = KEEP_MS,
    private readonly keepBytes = KEEP_BYTES,
  ) {}

  private get db(): Promise<IDBPDatabase<LogDb>> {
    this.opened ??= openDB<LogDb>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('chunks', { autoIncrement: true });
        db.createObjectStore('meta');
      },
    });
    return this.opened;
  }

  /** Adds a chunk, then drops the oldest ones while the log is over either bound; one transaction. */
  async append(chunk: LogChunk): Promise<void> {
    const db = await this.db;
    const tx = db.transaction(['chunks', 'meta'], 'readwrite');
    const chunks = tx.objectStore('chunks');
    const meta = tx.objectStore('meta');
    const totals = { ...EMPTY, ...(await meta.get('totals')) };
    await chunks.add(chunk);
    totals.bytes += chunk.bytes;
    totals.events += chunk.count;
    totals.chunks += 1;
    const oldest = chunk.last - this.keepMs;
    let cursor = await chunks.openCursor();
    while (cursor && totals.chunks > 1 && (totals.bytes > this.keepBytes || cursor.value.last < oldest)) {
      totals.bytes -= cursor.value.bytes;
      totals.events -= cursor.value.count;
      totals.chunks -= 1;
      totals.droppedEvents += cursor.value.count;
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await meta.put(totals, 'totals');
    await tx.done;
  }

  async readAll(): Promise<{ texts: string[]; droppedEvents: number }> {
    const db = await this.db;
    const tx = db.transaction(['chunks', 'meta'], 'readonly');
    const [all, totals] = await Promise.all([tx.objectStore('chunks').getAll(), tx.objectStore('meta').get('totals')]);
    await tx.done;
    return { texts: all.map((c) => c.text), droppedEvents: totals?.droppedEvents ?? 0 };
  }

  async readEach(onText: (text: string) => void): Promise<{ droppedEvents: number }> {
    const db = await this.db;
    const tx = db.transaction(['chunks', 'meta'], 'readonly');
    const totals = await tx.objectStore('meta').get('totals');
    for (let cursor = await tx.objectStore('chunks').openCursor(); cursor; cursor = await cursor.continue()) onText(cursor.value.text);
    await tx.done;
    return { droppedEvents: totals?.droppedEvents ?? 0 };
  }

  async stats(): Promise<Totals> {
    const db = await this.db;
    return { ...EMPTY, ...(await db.get('meta', 'totals')) };
  }

  /** Closes the database (tests; a page's worker just goes away). */
  async close(): Promise<void> {
    (await this.db).close();
  }
}
