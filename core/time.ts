/** Calendar arithmetic on explicit offsets (the core never reads the machine's clock or zone). Pure. */

/** The local date `YYYY-MM-DD` and time `HH:MM` of `epochMs`, given the zone offset in minutes (UTC - local). */
export function formatLocalDateTime(epochMs: number, tzOffsetMinutes: number): { date: string; time: string } {
  const local = new Date(epochMs - tzOffsetMinutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}
