/**
 * Problem reports from the field: the list in SQLite (db/problemReportRepo.ts), each clip a file `<id>.jsonl` in
 * a folder beside the database. The newest reports are kept within a count and a byte bound (100 and 500 MB by
 * default; tests inject small ones), the oldest dropped first. An upload goes to a temporary file first and is
 * renamed into place only once it is valid and listed, so a bad or broken upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Store } from './db/store';
import type { ProblemReport } from './db/problemReportRepo';
import { ApiError } from './http/router';
import { storageError, takeUpload } from './problemReportIntake';
import { iso } from './types';

/** How much the back end keeps, and the largest clip it takes. */
export interface ReportBounds {
  maxReports: number;
  maxTotalBytes: number;
  maxUploadBytes: number;
}

/** api.md: the newest 100, or 500 MB; a clip up to 64 MB. */
export const DEFAULT_REPORT_BOUNDS: ReportBounds = {
  maxReports: 100,
  maxTotalBytes: 500 * 1024 * 1024,
  maxUploadBytes: 64 * 1024 * 1024,
};

const TEMP_PREFIX = '.upload-';

/** Uploads received at once (api.md "Left running on a network"): a third is answered 503 `busy`. */
export const MAX_UPLOADS_AT_ONCE = 2;

/** The reports and their clips. */
export class ProblemReports {
  readonly bounds: ReportBounds;
  /** uploads being received now */
  private receiving = 0;
  /** resolved each time the last upload in progress ends (see `idle`) */
  private idleWaiters: (() => void)[] = [];
  /** set when the back end stops: uploads in progress finish, new ones are refused */
  private stopping = false;

  constructor(
    private readonly store: Store,
    readonly dir: string,
    bounds: Partial<ReportBounds> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.bounds = { ...DEFAULT_REPORT_BOUNDS, ...bounds };
    mkdirSync(dir, { recursive: true });
    this.tidy();
  }

  /**
   * Takes an upload (see backend/problemReportIntake.ts), lists it, and drops the oldest beyond the bounds. At
   * most MAX_UPLOADS_AT_ONCE at a time (503 `busy` beyond, and once the back end is stopping); a full disk
   * answers 507 with nothing kept.
   */
  async accept(body: Readable): Promise<ProblemReport> {
    if (this.stopping) throw new ApiError(503, 'busy', 'the robot is shutting down: send the report again in a moment');
    if (this.receiving >= MAX_UPLOADS_AT_ONCE) throw new ApiError(503, 'busy', `the robot is receiving ${MAX_UPLOADS_AT_ONCE} reports already: send it again in a moment`);
    this.receiving += 1;
    try {
      return await this.receive(body);
    } finally {
      this.receiving -= 1;
      if (this.receiving === 0) for (const ok of this.idleWaiters.splice(0)) ok();
    }
  }

  /** Resolves once no upload is in progress; from then on new uploads are refused (the back end is stopping). */
  finish(): Promise<void> {
    this.stopping = true;
    return this.receiving === 0 ? Promise.resolve() : new Promise((ok) => this.idleWaiters.push(ok));
  }

  private async receive(body: Readable): Promise<ProblemReport> {
    const temp = join(this.dir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
    const intake = await takeUpload(body, temp, this.bounds.maxUploadBytes);
    let report: ProblemReport | null = null;
    try {
      report = this.store.problemReports.insert({ created_at: iso(this.now()), at: intake.at, note: intake.note, bytes: intake.bytes });
      renameSync(temp, this.file(report.id));
    } catch (err) {
      if (report) this.store.problemReports.delete(report.id);
      rmSync(temp, { force: true });
      throw storageError(err) ?? err;
    }
    this.trim();
    return report;
  }

  list(): ProblemReport[] {
    return this.store.problemReports.list();
  }

  /** The clip's file, when the report exists. */
  clipFile(id: number): string | null {
    const file = this.file(id);
    return this.store.problemReports.get(id) && existsSync(file) ? file : null;
  }

  /** Removes a report and its clip; false when there was none. */
  delete(id: number): boolean {
    const had = this.store.problemReports.delete(id);
    rmSync(this.file(id), { force: true });
    return had;
  }

  /** Drops the oldest reports while over either bound (the newest one always stays). */
  private trim(): void {
    const all = this.list();
    let total = all.reduce((n, r) => n + r.bytes, 0);
    let count = all.length;
    for (const old of [...all].reverse()) {
      if (count <= 1 || (count <= this.bounds.maxReports && total <= this.bounds.maxTotalBytes)) break;
      this.delete(old.id);
      count -= 1;
      total -= old.bytes;
    }
  }

  /**
   * At start: removes uploads a crash left half-written, clips no row lists (a reset database), and rows
   * whose clip is gone, then applies the bounds (they may have been lowered).
   */
  private tidy(): void {
    const listed = new Set(this.list().map((r) => r.id));
    for (const name of readdirSync(this.dir)) {
      const id = /^(\d+)\.jsonl$/.exec(name)?.[1];
      if (name.startsWith(TEMP_PREFIX) || (id !== undefined && !listed.has(Number(id)))) rmSync(join(this.dir, name), { force: true });
    }
    for (const id of listed) if (!existsSync(this.file(id))) this.store.problemReports.delete(id);
    this.trim();
  }

  private file(id: number): string {
    return join(this.dir, `${id}.jsonl`);
  }
}
