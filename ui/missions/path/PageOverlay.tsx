/**
 * A panel over the page area only (not the whole screen), so the on-screen keyboard docked below the page
 * stays usable while the panel asks for text.
 */
import { useId, type ReactNode } from 'react';

export function PageOverlay({ title, children, actions, testId }: { title: string; children: ReactNode; actions: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <div className="page-overlay">
      <div className="dialog page-overlay-panel" role="dialog" aria-modal="true" aria-labelledby={id} data-testid={testId}>
        <h2 id={id}>{title}</h2>
        <div className="page-overlay-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}
