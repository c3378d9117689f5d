/** One event of a Chrome trace (CDP `Tracing.dataCollected`), as the trace diagnoses of the benches read it. */
export interface TraceEvent<Args = Record<string, unknown>> {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: Args;
}
