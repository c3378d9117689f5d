/**
 * The versioned schema. Each entry upgrades the database by one version (PRAGMA user_version); entries are
 * never edited once shipped, only appended, so a robot's database upgrades in place.
 */
import type Database from 'better-sqlite3';

const MIGRATIONS: string[] = [
  // 1: everything the back end keeps.
  `
  CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE maps (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    png BLOB NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL,
    resolution REAL NOT NULL, origin_x REAL NOT NULL, origin_y REAL NOT NULL
  );
  CREATE TABLE destinations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL, x REAL NOT NULL, y REAL NOT NULL, orientation REAL NOT NULL,
    resolution REAL NOT NULL, color TEXT NOT NULL, created_at TEXT NOT NULL, last_used_at TEXT
  );
  CREATE TABLE recipients (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL, destination_id INTEGER NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL, last_used_at TEXT
  );
  -- Recipient id 1 is the app's synthetic "Anyone in the area": real recipients start at 2.
  INSERT INTO sqlite_sequence (name, seq) VALUES ('recipients', 1);
  CREATE TABLE no_go_zones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL
  );
  CREATE TABLE activity_use (activity_id INTEGER PRIMARY KEY, last_used_at TEXT NOT NULL);
  CREATE TABLE mission_definitions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE TABLE mission_steps (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    definition_id INTEGER NOT NULL REFERENCES mission_definitions(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL, destination_id INTEGER NOT NULL, activities TEXT NOT NULL
  );
  CREATE TABLE mission_queue (
    id INTEGER PRIMARY KEY AUTOINCREMENT, definition_id INTEGER NOT NULL, queued_at TEXT NOT NULL
  );
  -- At most one row: the mission being run, with its progress, so a restart carries on with it.
  CREATE TABLE current_mission (
    id INTEGER PRIMARY KEY CHECK (id = 1), definition_id INTEGER NOT NULL, status TEXT NOT NULL,
    step_index INTEGER NOT NULL, activities TEXT NOT NULL, started_at TEXT NOT NULL, distance REAL NOT NULL
  );
  CREATE TABLE ended_missions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, definition_id INTEGER NOT NULL,
    started_at TEXT NOT NULL, ended_at TEXT NOT NULL, status TEXT NOT NULL,
    distance REAL NOT NULL, steps TEXT NOT NULL
  );
  CREATE INDEX ended_missions_started ON ended_missions (started_at);
  CREATE TABLE daily_stats (day TEXT PRIMARY KEY, distance REAL NOT NULL, time REAL NOT NULL);
  CREATE TABLE battery_history (
    at TEXT NOT NULL, battery INTEGER NOT NULL, charge REAL NOT NULL, health REAL NOT NULL
  );
  CREATE INDEX battery_history_at ON battery_history (at);
  -- The robot's last known pose and charges, so a restart finds it where it stopped.
  CREATE TABLE robot_state (
    id INTEGER PRIMARY KEY CHECK (id = 1), x REAL NOT NULL, y REAL NOT NULL, orientation REAL NOT NULL,
    charges TEXT NOT NULL, healths TEXT NOT NULL
  );
  `,
  // Issue 34: the charging mission is its own kind; an ended mission says whether it failed or was stopped.
  `
  ALTER TABLE mission_definitions ADD COLUMN kind TEXT;
  ALTER TABLE ended_missions ADD COLUMN outcome TEXT;
  ALTER TABLE ended_missions ADD COLUMN reason TEXT;
  `,
  // 3: problem reports from the field; the clips themselves are files beside the database (backend/problemReports.ts).
  `
  CREATE TABLE problem_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT, created_at TEXT NOT NULL, at TEXT NOT NULL,
    note TEXT NOT NULL, bytes INTEGER NOT NULL
  );
  `,
];

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database up to SCHEMA_VERSION, each step in its own transaction. */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) throw new Error(`database schema ${current} is newer than this simulator (${SCHEMA_VERSION})`);
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
