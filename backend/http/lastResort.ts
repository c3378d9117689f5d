/**
 * The process's last resort: an error that escaped every entry point's own handling is logged and counted, and
 * the back end keeps serving the others (api.md "Left running on a network"). Nothing may rely on it: each entry
 * point answers its own errors, and the fuzz test (tests/backend/fuzz.test.ts) checks the count stays at 0.
 */
let installed = false;
let count = 0;

/** The line logged for each such error; the fuzz test looks for it in the back end's output. */
export const LAST_RESORT_LOG = '[backend] unexpected error, kept serving:';

/** Installs the handlers once per process (hardenServer calls it for every server; later calls do nothing). */
export function installLastResort(): void {
  if (installed) return;
  installed = true;
  const note = (what: unknown) => {
    count++;
    console.error(LAST_RESORT_LOG, what);
  };
  process.on('uncaughtException', note);
  process.on('unhandledRejection', note);
}

/** How many errors reached the last resort since the process started (the control surface shows it). */
export function unexpectedErrors(): number {
  return count;
}
