/** Settings, the super administrator PIN (salted scrypt, never returned) and the robot's persisted state. */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Settings } from '../types';
import type { Db } from './open';

/** The settings api.md lets a client write (has_superadmin_pin is derived, the PIN is write-only). */
export const SETTING_KEYS = [
  'language',
  'country',
  'robot_name',
  'admin_name',
  'accepted_terms_of_service',
  'load_location_layout_left',
  'load_location_layout_right',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

const PIN_KEY = 'superadmin_pin_hash';
/** scrypt cost: 2^14 is Node's default, about 30 ms per check, ample against offline guessing of 10^6 PINs. */
const SCRYPT_N = 16384;

/** A salted scrypt hash of a PIN as `scrypt$N$salt$hash` (hex). */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(pin, salt, 32, { N: SCRYPT_N });
  return `scrypt$${SCRYPT_N}$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** Whether `pin` matches a stored hash, in constant time. */
export function verifyPin(pin: string, stored: string): boolean {
  const [kind, n, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !salt || !hash) return false;
  const want = Buffer.from(hash, 'hex');
  const got = scryptSync(pin, Buffer.from(salt, 'hex'), want.length, { N: Number(n) });
  return timingSafeEqual(want, got);
}

/**
 * Whether `pin` matches a stored hash, in constant time, off the event loop: scrypt runs on libuv's thread pool,
 * so a guesser's checks do not stall the robot. They run one at a time, the rest waiting their turn: each takes
 * 16 MB and a core, and a robot has few: one at a time leaves the event loop a core (bench/pinCheckLoop.ts). A
 * malformed hash is still hashed against, so that every check costs one scrypt.
 */
export async function verifyPinAsync(pin: string, stored: string): Promise<boolean> {
  const [kind, n, salt, hash] = stored.split('$');
  const wellFormed = kind === 'scrypt' && Boolean(n && salt && hash);
  const want = wellFormed ? Buffer.from(hash as string, 'hex') : Buffer.alloc(32);
  const cost = wellFormed ? Number(n) : SCRYPT_N;
  const got = await scryptTurn(pin, Buffer.from(wellFormed ? (salt as string) : '', 'hex'), want.length, cost);
  return timingSafeEqual(want, got) && wellFormed;
}

/** Checks running now, and those waiting for a turn. */
const SCRYPT_AT_ONCE = 1;
let scryptRunning = 0;
const scryptWaiting: (() => void)[] = [];

async function scryptTurn(pin: string, salt: Buffer, length: number, cost: number): Promise<Buffer> {
  // A finished check hands its turn straight to the next in line, so no newcomer can slip in between.
  if (scryptRunning >= SCRYPT_AT_ONCE) await new Promise<void>((go) => scryptWaiting.push(go));
  else scryptRunning++;
  try {
    return await new Promise<Buffer>((ok, fail) => scrypt(pin, salt, length, { N: cost }, (err, key) => (err ? fail(err) : ok(key))));
  } finally {
    const next = scryptWaiting.shift();
    if (next) next();
    else scryptRunning--;
  }
}

/** Persisted robot pose and batteries. */
export interface RobotRecord {
  x: number;
  y: number;
  orientation: number;
  charges: number[];
  healths: number[];
}

/** Reads and writes settings and robot state. */
export class SettingsRepo {
  constructor(private db: Db) {}

  /** The public settings; a field never set is null. */
  get(): Settings {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    const map = new Map(rows.map((r) => [r.key, r.value]));
    const out: Record<string, unknown> = {};
    for (const k of SETTING_KEYS) out[k] = map.has(k) ? JSON.parse(map.get(k) as string) : null;
    out.has_superadmin_pin = map.has(PIN_KEY);
    return out as unknown as Settings;
  }

  /** Writes the given fields (null clears one) and, if present, the new PIN, in one transaction. */
  patch(fields: Partial<Record<SettingKey, unknown>>, pin?: string): void {
    const hashed = pin === undefined ? undefined : hashPin(pin);
    const put = this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    const del = this.db.prepare('DELETE FROM settings WHERE key = ?');
    this.db.transaction(() => {
      for (const [k, v] of Object.entries(fields)) {
        if (v === undefined) continue;
        if (v === null) del.run(k);
        else put.run(k, JSON.stringify(v));
      }
      if (hashed) put.run(PIN_KEY, hashed);
    })();
  }

  /** Whether `pin` is the super administrator PIN; false when none is set. */
  checkPin(pin: string): boolean {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(PIN_KEY) as { value: string } | undefined;
    return row ? verifyPin(pin, row.value) : false;
  }

  /**
   * `checkPin` off the event loop (see `verifyPinAsync`). With no PIN set the answer is false after the same
   * scrypt, so that the cost says nothing either.
   */
  async checkPinAsync(pin: string): Promise<boolean> {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(PIN_KEY) as { value: string } | undefined;
    return verifyPinAsync(pin, row?.value ?? '');
  }

  /** The robot's last saved pose and batteries, if any. */
  robot(): RobotRecord | null {
    const row = this.db.prepare('SELECT * FROM robot_state WHERE id = 1').get() as
      | { x: number; y: number; orientation: number; charges: string; healths: string }
      | undefined;
    if (!row) return null;
    return { x: row.x, y: row.y, orientation: row.orientation, charges: JSON.parse(row.charges), healths: JSON.parse(row.healths) };
  }

  saveRobot(r: RobotRecord): void {
    this.db
      .prepare(
        `INSERT INTO robot_state (id, x, y, orientation, charges, healths) VALUES (1, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET x = excluded.x, y = excluded.y, orientation = excluded.orientation,
         charges = excluded.charges, healths = excluded.healths`,
      )
      .run(r.x, r.y, r.orientation, JSON.stringify(r.charges), JSON.stringify(r.healths));
  }
}
