/** A modal question with two answers, drawn over the page; the safe answer takes the focus. */
import { useEffect, useId, type ReactNode } from 'react';

export interface DialogProps {
  title: ReactNode;
  /** The title as plain text, when `title` is not (names drawn by TextWithName): its accessible name. */
  titleLabel?: string;
  body?: ReactNode;
  /** The buttons, safe answer first. */
  children: ReactNode;
  onDismiss?(): void;
  tone?: 'plain' | 'warn' | 'danger';
  testId?: string;
}

export function Dialog({ title, titleLabel, body, children, onDismiss, tone = 'plain', testId }: DialogProps) {
  const id = useId();
  useEffect(() => {
    if (!onDismiss) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onDismiss();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  return (
    <div className="backdrop" onClick={(e) => e.target === e.currentTarget && onDismiss?.()}>
      <div
        className={`dialog dialog-${tone}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={body ? `${id}-body` : undefined}
        data-testid={testId}
      >
        <h2 id={`${id}-title`} aria-label={titleLabel}>
          {title}
        </h2>
        {body && (
          <p id={`${id}-body`} className="dialog-body">
            {body}
          </p>
        )}
        <div className="dialog-actions">{children}</div>
      </div>
    </div>
  );
}
