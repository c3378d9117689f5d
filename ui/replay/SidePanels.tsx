/**
 * The column beside the replayed screen: one panel at a time (the events, search, the state, what an event
 * changed, the compare of two moments, and any other list a page adds), chosen by a row of tabs. One panel at a
 * time, so each gets the column's whole height and stays legible from a metre away. Which one is open is
 * purely visual state.
 */
import { useId, useState, type ReactNode } from 'react';

export interface SidePanel {
  /** Stable across renders and languages: the tab's key and its test id. */
  id: string;
  /** The tab's text, which also names the panel. */
  label: string;
  render(): ReactNode;
}

export function SidePanels({ panels, label }: { panels: readonly SidePanel[]; label: string }) {
  const base = useId();
  const [chosen, setChosen] = useState(panels[0]?.id ?? '');
  const open = panels.find((p) => p.id === chosen) ?? panels[0];
  if (!open) return null;
  const tabId = (p: SidePanel) => `${base}-tab-${p.id}`;
  const panelId = `${base}-panel`;
  return (
    <div className="replay-side">
      <div className="replay-tabs" role="tablist" aria-label={label}>
        {panels.map((p) => (
          <button
            key={p.id}
            id={tabId(p)}
            type="button"
            role="tab"
            className={p === open ? 'replay-tab replay-tab-open' : 'replay-tab'}
            aria-selected={p === open}
            aria-controls={panelId}
            data-testid={`replay-tab-${p.id}`}
            onClick={() => setChosen(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {/* Keyed by the panel, so each opens afresh and keeps none of another's visual state. */}
      <div key={open.id} id={panelId} className="replay-panel" role="tabpanel" aria-labelledby={tabId(open)}>
        {open.render()}
      </div>
    </div>
  );
}
