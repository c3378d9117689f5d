/**
 * CSV exports (`POST api/ended_missions/csv`, the diagnostics CSV): each a file in the files folder beside the
 * database, downloaded with `GET api/files/{name}`. Kept to the newest MAX_CSV_FILES rather than removed once
 * served: the app, or the browser it runs in, may fetch a download twice (a retry, a second tap), and the second
 * fetch must still find it. A file is written under a temporary name and renamed, so a download never reads one
 * half-written, and a disk that cannot hold it answers 507 with nothing left behind.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storageError } from './problemReportIntake';

/** How many exports are kept; older ones are removed when a new one is written. */
export const MAX_CSV_FILES = 20;

/** A name this back end writes: no slashes, no dot-dot, no temporary file. */
const CSV_NAME = /^[\w-]+\.csv$/;

/** Writes `rows` as `<stem>-<stamp>-<random>.csv` and returns the file's name; keeps the newest MAX_CSV_FILES. */
export function writeCsvFile(dir: string, stem: string, stamp: string, rows: unknown[][]): string {
  mkdirSync(dir, { recursive: true });
  const name = `${stem}-${stamp}-${randomBytes(3).toString('hex')}.csv`;
  const temp = join(dir, `.${name}.part`);
  const text = rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, join(dir, name));
  } catch (err) {
    rmSync(temp, { force: true });
    throw storageError(err) ?? err;
  }
  keepNewest(dir, MAX_CSV_FILES);
  return name;
}

/** The contents of an export, or null when there is no such file (or the name is not one this back end writes). */
export function readCsvFile(dir: string, name: string): Buffer | null {
  const file = join(dir, name);
  if (!CSV_NAME.test(name) || !existsSync(file)) return null;
  try {
    return readFileSync(file);
  } catch {
    return null; // removed between the check and the read: as if it had never been there
  }
}

/** Removes all but the newest `keep` exports (by modification time), and temporary files a crash left behind. */
function keepNewest(dir: string, keep: number): void {
  const csv: { name: string; at: number }[] = [];
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    try {
      const at = statSync(file).mtimeMs;
      // A temporary file is another export being written right now, unless it is old: a crash's leftover.
      if (name.endsWith('.part') && Date.now() - at > 60_000) rmSync(file, { force: true });
      else if (CSV_NAME.test(name)) csv.push({ name, at });
    } catch {
      // removed meanwhile
    }
  }
  csv.sort((a, b) => b.at - a.at || (a.name < b.name ? 1 : -1));
  for (const old of csv.slice(keep)) rmSync(join(dir, old.name), { force: true });
}

function csvField(v: unknown): string {
  const s = String(v ?? '');
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
