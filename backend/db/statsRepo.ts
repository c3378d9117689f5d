/** Distance and time per day, and the battery history, that feed the diagnostics calls. */
import type { Db } from './open';

/** One day of activity: metres driven and seconds busy. */
export interface DayStats {
  day: string;
  distance: number;
  time: number;
}

/** Reads and writes the per-day statistics and the battery history. */
export class StatsRepo {
  constructor(private db: Db) {}

  /** Adds metres and seconds to a day (`YYYY-MM-DD`, UTC). */
  add(day: string, distance: number, time: number): void {
    this.db
      .prepare(
        `INSERT INTO daily_stats (day, distance, time) VALUES (?, ?, ?)
         ON CONFLICT(day) DO UPDATE SET distance = distance + excluded.distance, time = time + excluded.time`,
      )
      .run(day, distance, time);
  }

  /** The days of one month that have data. */
  month(year: number, month: number): DayStats[] {
    const prefix = `${year}-${String(month).padStart(2, '0')}-`;
    return this.db.prepare("SELECT day, distance, time FROM daily_stats WHERE day LIKE ? || '%' ORDER BY day").all(prefix) as DayStats[];
  }

  /** Appends one battery sample. */
  addBattery(at: string, battery: number, charge: number, health: number): void {
    this.db.prepare('INSERT INTO battery_history (at, battery, charge, health) VALUES (?, ?, ?, ?)').run(at, battery, charge, health);
  }

  batteryHistory(from: string, to: string): { at: string; battery: number; charge: number; health: number }[] {
    return this.db
      .prepare('SELECT at, battery, charge, health FROM battery_history WHERE at >= ? AND at < ? ORDER BY at, battery')
      .all(from, to) as { at: string; battery: number; charge: number; health: number }[];
  }
}
