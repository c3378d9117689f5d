/** `npm run replay -- FILE --diff A B` as text: the compare of two moments (core/log/inspect.ts) as lines. Pure. */
import type { SliceChanges } from '../core/log/inspect';

const moment = (at: number) => `${new Date(at).toISOString()} (${at})`;
/** A value as JSON; a path that did not exist at that moment (an array grew) as "(absent)". */
const value = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));

/** The lines that say what changed from `a` to `b`: a head, each slice's paths with their value at A and at B, a count. */
export function diffLines(a: number, b: number, slices: readonly SliceChanges[]): string[] {
  const lines = [`from A ${moment(a)} to B ${moment(b)}`];
  let paths = 0;
  for (const { slice, paths: changed } of slices) {
    lines.push(slice);
    for (const p of changed) lines.push(`  ${p.path}: ${value(p.a)} -> ${value(p.b)}`);
    paths += changed.length;
  }
  lines.push(paths === 0 ? '-- no change' : `-- ${paths} ${paths === 1 ? 'path' : 'paths'} changed in ${slices.length} ${slices.length === 1 ? 'slice' : 'slices'}`);
  return lines;
}
