/**
 * The rows of a JSON tree (jsonRows.ts), indented by depth: an object or array is a button that opens and
 * closes it (a touch target), a plain value a line of text with its path's last step.
 */
import type { JsonRow } from './jsonRows';

/** Indentation per level: enough to see the nesting from a metre away. */
const INDENT_PX = 28;

/** `onToggle` absent: rows cannot be opened or closed (a filter has opened those that matter). */
export function JsonRowList({ rows, label, onToggle }: { rows: readonly JsonRow[]; label: string; onToggle?: (path: string) => void }) {
  return (
    // Focusable: filtered, its rows are no buttons, and a keyboard must still be able to scroll it.
    <ul className="replay-tree" aria-label={label} tabIndex={0}>
      {rows.map((row) => (
        <li key={row.path} style={{ paddingLeft: row.depth * INDENT_PX }} data-path={row.path}>
          {row.entries !== null && onToggle ? (
            <button type="button" className="replay-tree-node" aria-expanded={row.open} onClick={() => onToggle(row.path)}>
              <span className="replay-tree-mark" aria-hidden="true">
                {row.open ? '▾' : '▸'}
              </span>
              <span className="replay-tree-name">{row.name}</span>
              <span className="replay-tree-value">{row.text}</span>
            </button>
          ) : (
            <div className="replay-tree-leaf">
              <span className="replay-tree-name">{row.name}</span>
              <span className="replay-tree-value">{row.text}</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
