/** Shown for the moment between page load and the worker's first state (no core yet, so no translations). */
export function Splash() {
  return <div className="splash" aria-busy="true" />;
}
