/** Opens the robot's SQLite database: WAL, full sync on commit, foreign keys, schema migrated. */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

/** The opened database handle used by every repository. */
export type Db = Database.Database;

/** Opens (creating the folder) and migrates the database; `reset` deletes it first. */
export function openDb(path: string, reset = false): Db {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    if (reset) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  }
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // FULL: a write is on disk when the call that made it answers, so even power loss keeps acknowledged writes.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 2000');
  try {
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
