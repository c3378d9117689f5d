/**
 * A rare term planted in a generated log, for the debugger's search figures: one alert raising the error code
 * `RARE_CODE` every `RARE_EVERY` lines (about 20 in a generated day of 1,000,000), in place of the line there,
 * at that line's moment. The generator itself is left as it is: tests and golden logs read its exact lines.
 */

/** An error code no generated line holds otherwise. */
export const RARE_CODE = 'caster_jam_e4471';
/** Lines between two planted alerts. */
export const RARE_EVERY = 50_000;

/** `lines` with the rare alert planted mid-way through each stretch of `RARE_EVERY` lines (in place). */
export function plantRare(lines: string[]): string[] {
  for (let i = RARE_EVERY / 2; i < lines.length; i += RARE_EVERY) {
    // The next line that carries a time (a broken line may not).
    for (let j = i; j < Math.min(lines.length, i + 100); j++) {
      const at = timeOf(lines[j]!);
      if (at === null) continue;
      const data = { activated_errors: [RARE_CODE], activated_warnings: [], resolved_errors: [], resolved_warnings: [] };
      lines[j] = JSON.stringify({ at, type: 'ws/message', message: { event: 'robot/alert_update', data } });
      break;
    }
  }
  return lines;
}

function timeOf(line: string): number | null {
  try {
    const value = JSON.parse(line) as { at?: unknown };
    return typeof value.at === 'number' ? value.at : null;
  } catch {
    return null;
  }
}
