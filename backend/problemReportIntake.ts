/**
 * Taking in a problem report's upload: the body is streamed to a temporary file (a clip may be 64 MB: it is never
 * held whole), and checked line by line on the way: its first line must be a kiosk event log clip's header
 * carrying `report: {note, at}`, every later line a JSON object. Any fault removes the temporary file and is
 * answered as a 4xx, so a bad upload stores nothing.
 */
import { createWriteStream, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { LOG_FORMAT, LOG_VERSION } from '../core/log/eventLog';
import { ApiError } from './http/router';

/** The longest note kept: a few sentences from an operator, not a document. */
export const MAX_NOTE_CHARS = 2_000;

/** What a valid upload's header says. */
export interface ReportHeader {
  note: string;
  /** ISO time of the report. */
  at: string;
}

/** A valid upload, in its temporary file. */
export interface Intake extends ReportHeader {
  bytes: number;
}

const NEWLINE = 0x0a;

/**
 * The longest line taken: a map image line is a few megabytes (worker/lineSplitter.ts); a longer one is refused
 * as it streams in, so no single line of a 64 MB upload is ever held whole.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Error codes of a disk (or quota) that cannot hold more: answered 507, not 500. */
const FULL_DISK = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** The 507 a full disk is answered with (api.md "Left running on a network"). */
export function storageError(err: unknown): ApiError | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FULL_DISK.has(code) ? new ApiError(507, 'insufficient_storage', 'the robot\'s disk is full: the report was not stored') : null;
}

/**
 * Streams `body` into `tempFile`, at most `maxBytes`, and checks it. Resolves with the header's note and moment
 * and the size; rejects with an ApiError (413 over the bound or a line over MAX_LINE_BYTES, 400 not a kiosk clip
 * or an empty note, 507 a full disk) after removing the file. The rest of a refused body is read and dropped, so
 * the client gets the answer rather than a reset connection. The file's write errors are listened to from the
 * start: one while no write is awaited (the disk filling up between chunks) must not be an unhandled error.
 */
export async function takeUpload(body: Readable, tempFile: string, maxBytes: number, maxLine = MAX_LINE_BYTES): Promise<Intake> {
  const out = createWriteStream(tempFile, { flags: 'wx' });
  let writeError: Error | null = null;
  const failed = new Promise<void>((ok) => out.on('error', (err) => ok(void (writeError ??= err))));
  const closed = new Promise<void>((ok) => out.once('close', ok));
  const lines = new LineCheck(maxLine);
  let size = 0;
  let fault: ApiError | null = null;
  const writeFault = () => (writeError ? storageError(writeError) ?? new ApiError(500, 'internal', `the report could not be written: ${(writeError as Error).message}`) : null);
  try {
    for await (const piece of body) {
      const chunk = piece as Buffer;
      size += chunk.length;
      if (fault) continue;
      if (size > maxBytes) {
        fault = new ApiError(413, 'payload_too_large', `a problem report's clip may be at most ${maxBytes} bytes`);
        continue;
      }
      fault = lines.feed(chunk) ?? writeFault();
      if (!fault && !out.write(chunk)) await Promise.race([once(out, 'drain').catch(() => undefined), failed]);
      fault ??= writeFault();
    }
    fault ??= lines.end();
  } catch (err) {
    // The client went away mid-upload (an aborted request): nothing of it is kept.
    out.destroy();
    await closed;
    rmSync(tempFile, { force: true });
    throw err;
  }
  if (fault) out.destroy();
  else out.end();
  await closed;
  fault ??= writeFault();
  if (fault || !lines.header) {
    rmSync(tempFile, { force: true });
    throw fault ?? new ApiError(400, 'invalid_request', 'body: empty, not a kiosk event log clip');
  }
  return { ...lines.header, bytes: size };
}

/** Splits bytes into lines and checks each as it completes; keeps only the unfinished line. */
class LineCheck {
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private line = 0;
  header: ReportHeader | null = null;

  constructor(private readonly maxLine: number) {}

  feed(chunk: Buffer): ApiError | null {
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      const fault = this.keep(chunk.subarray(start, nl)) ?? this.check(Buffer.concat(this.partial).toString('utf8'));
      this.partial = [];
      this.partialBytes = 0;
      if (fault) return fault;
      start = nl + 1;
    }
    return start < chunk.length ? this.keep(chunk.subarray(start)) : null;
  }

  /** Adds to the unfinished line, or refuses a line grown past the cap (before holding any more of it). */
  private keep(piece: Buffer): ApiError | null {
    this.partialBytes += piece.length;
    if (this.partialBytes > this.maxLine) {
      this.partial = [];
      return new ApiError(413, 'payload_too_large', `body: line ${this.line + 1} is longer than ${this.maxLine} bytes`);
    }
    this.partial.push(piece);
    return null;
  }

  end(): ApiError | null {
    const rest = Buffer.concat(this.partial).toString('utf8');
    this.partial = [];
    return rest.trim() === '' && this.line > 0 ? null : this.check(rest);
  }

  private check(text: string): ApiError | null {
    this.line += 1;
    if (this.line === 1) {
      const header = reportHeader(text);
      if (typeof header === 'string') return new ApiError(400, 'invalid_request', header);
      this.header = header;
      return null;
    }
    if (text.trim() === '') return null;
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return null;
    } catch {
      // answered below
    }
    return new ApiError(400, 'invalid_request', `body: line ${this.line} is not a JSON object (a kiosk event log has one per line)`);
  }
}

/** The header line's report fields, or why it is not a kiosk event log clip with a report. */
export function reportHeader(text: string): ReportHeader | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'body: the first line is not JSON: not a kiosk event log clip';
  }
  const h = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (h.format !== LOG_FORMAT || h.version !== LOG_VERSION) return `body: the first line is not a kiosk event log header ("format": "${LOG_FORMAT}", "version": ${LOG_VERSION})`;
  const clip = h.clip as Record<string, unknown> | undefined;
  if (typeof clip !== 'object' || clip === null || !Number.isFinite(clip.from) || !Number.isFinite(clip.to)) return 'body: the log is not a clip (its header has no "clip": {"from", "to"})';
  const report = h.report as Record<string, unknown> | undefined;
  if (typeof report !== 'object' || report === null) return 'report: missing from the clip\'s header';
  if (typeof report.note !== 'string' || report.note.trim() === '') return 'report.note: must not be empty';
  if (report.note.length > MAX_NOTE_CHARS) return `report.note: at most ${MAX_NOTE_CHARS} characters`;
  const at = typeof report.at === 'string' ? Date.parse(report.at) : Number.NaN;
  if (!Number.isFinite(at)) return 'report.at: must be an ISO time';
  // Milliseconds kept: /replay opens the clip at this very moment.
  return { note: report.note.trim(), at: new Date(at).toISOString() };
}
