/**
 * Keeps a storm of bad input from becoming a storm of console lines: at most MAX_LINES log lines a second
 * reach the console; the rest are counted and reported in one line with the first line of a later second. Errors
 * always pass. The core's rejections (state) still count every one.
 */
export const MAX_LINES_PER_SECOND = 20;
const WINDOW_MS = 1_000;

export class LogLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private lines = 0;
  private suppressed = 0;

  constructor(
    private readonly now: () => number,
    private readonly write: (level: 'info' | 'warn' | 'error', message: string) => void,
  ) {}

  log(level: 'info' | 'warn' | 'error', message: string): void {
    const at = this.now();
    if (at - this.windowStart >= WINDOW_MS) {
      if (this.suppressed > 0) this.write('warn', `${this.suppressed} more log lines were left out in the last second`);
      this.windowStart = at;
      this.lines = 0;
      this.suppressed = 0;
    }
    if (level !== 'error' && this.lines >= MAX_LINES_PER_SECOND) {
      this.suppressed++;
      return;
    }
    this.lines++;
    this.write(level, message);
  }
}
