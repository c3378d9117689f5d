/**
 * A JSON value (the core's observable state, as the worker hands it) laid out as the rows of a tree: one per
 * object or array, which opens and closes, and one per plain value. Which rows are open, and the filter, are
 * the State panel's visual state; this only lays the rows out. Pure.
 */

export interface JsonRow {
  /** `movement.state`, `batteries.0.charge` (the paths the worker's changes name): what the filter matches and what keeps a row open. */
  path: string;
  /** The last step of the path: a key, or an array's index. */
  name: string;
  depth: number;
  /** For an object or array: how many entries it has; null for a plain value. */
  entries: number | null;
  /** An object's or array's kind, or the plain value as one line of JSON. */
  text: string;
  open: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isContainer = (v: unknown): v is Json[] | Record<string, Json> => typeof v === 'object' && v !== null;

/** A plain value as one line of JSON (`undefined`, which JSON has not, as itself). */
export function valueText(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const childPath = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/**
 * The rows of `value`'s children (the root itself is not a row: the state's slices are the top rows). An
 * object or array shows its children when its path is in `open`; with a `filter`, only rows whose path or value
 * holds it (case-insensitive) and the rows above them are laid out, all open.
 */
export function jsonRows(value: unknown, open: ReadonlySet<string>, filter = ''): JsonRow[] {
  const needle = filter.trim().toLowerCase();
  const out: JsonRow[] = [];
  const walk = (node: unknown, path: string, depth: number): boolean => {
    if (!isContainer(node)) return false;
    let any = false;
    for (const [key, child] of Object.entries(node)) {
      const p = childPath(path, key);
      const name = key;
      if (isContainer(child)) {
        const n = Array.isArray(child) ? child.length : Object.keys(child).length;
        const row: JsonRow = { path: p, name, depth, entries: n, text: Array.isArray(child) ? `[${n}]` : `{${n}}`, open: false };
        if (!needle) {
          row.open = open.has(p);
          out.push(row);
          if (row.open) walk(child, p, depth + 1);
          any = true;
          continue;
        }
        // Filtering: lay the children out first, and keep this row (before them) only if one of them matched.
        const at = out.length;
        const inside = walk(child, p, depth + 1);
        if (inside || p.toLowerCase().includes(needle)) {
          row.open = inside;
          out.splice(at, 0, row);
          any = true;
        }
      } else {
        const text = valueText(child);
        if (needle && !p.toLowerCase().includes(needle) && !text.toLowerCase().includes(needle)) continue;
        out.push({ path: p, name, depth, entries: null, text, open: false });
        any = true;
      }
    }
    return any;
  };
  walk(value, '', 0);
  return out;
}

/** Every object's and array's path in `value`: 'Expand all'. */
export function containerPaths(value: unknown, path = '', out: string[] = []): string[] {
  if (!isContainer(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    if (!isContainer(child)) continue;
    const p = childPath(path, key);
    out.push(p);
    containerPaths(child, p, out);
  }
  return out;
}
