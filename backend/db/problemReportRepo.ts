/** The list of problem reports (their clips are files, backend/problemReports.ts keeps them). */
import type { Db } from './open';

/** One report as `GET api/reports` lists it. */
export interface ProblemReport {
  id: number;
  created_at: string;
  /** The moment the operator reported, from the clip's header. */
  at: string;
  note: string;
  /** The clip's size in bytes. */
  bytes: number;
}

/** Reads and writes the `problem_reports` table. */
export class ProblemReportRepo {
  constructor(private db: Db) {}

  /** Adds a report and returns it with its new id. */
  insert(report: Omit<ProblemReport, 'id'>): ProblemReport {
    const r = this.db
      .prepare('INSERT INTO problem_reports (created_at, at, note, bytes) VALUES (?, ?, ?, ?)')
      .run(report.created_at, report.at, report.note, report.bytes);
    return { id: Number(r.lastInsertRowid), ...report };
  }

  /** Every report, newest first (ids grow with time, so they order ties of the same second). */
  list(): ProblemReport[] {
    return this.db.prepare('SELECT id, created_at, at, note, bytes FROM problem_reports ORDER BY id DESC').all() as ProblemReport[];
  }

  get(id: number): ProblemReport | undefined {
    return this.db.prepare('SELECT id, created_at, at, note, bytes FROM problem_reports WHERE id = ?').get(id) as ProblemReport | undefined;
  }

  /** True when there was such a report. */
  delete(id: number): boolean {
    return this.db.prepare('DELETE FROM problem_reports WHERE id = ?').run(id).changes > 0;
  }
}
