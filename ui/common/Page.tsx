/**
 * The one page layout of the kiosk: a title, the body, and a bottom action bar with Back on the left and the
 * way forward on the right, so every screen reads the same from a metre away.
 */
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../src/i18n';

export interface PageAction {
  onClick(): void;
  label?: string;
  disabled?: boolean;
}

export interface PageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  back?: PageAction;
  /**
   * Before the title, on its line: the back arrow of a page that leads back somewhere (`<BackArrow>`, handed in
   * so that this first-screen module does not carry it).
   */
  lead?: ReactNode;
  next?: PageAction;
  /** Progress or an error, shown between the two actions. */
  status?: ReactNode;
  /** A secondary control at the top right (the carousel's Exit). */
  headerAction?: ReactNode;
  className?: string;
}

export function Page({ title, subtitle, children, back, lead, next, status, headerAction, className }: PageProps) {
  const t = useT();
  const id = useId();
  // Purely visual: once the body is scrolled, the head draws its edge, so content passing under it reads as
  // scrolled away rather than as covered by the head (issue 34).
  const [scrolled, setScrolled] = useState(false);
  return (
    <section className={`page ${className ?? ''}`} aria-labelledby={id}>
      <header className={`page-head${scrolled ? ' page-head-scrolled' : ''}`}>
        {lead ? (
          <div className="title-row">
            {lead}
            <h1 id={id}>{title}</h1>
          </div>
        ) : (
          <h1 id={id}>{title}</h1>
        )}
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
        {headerAction && <div className="page-head-action">{headerAction}</div>}
      </header>
      <div className="page-body" onScroll={(e) => setScrolled(e.currentTarget.scrollTop > 0)}>
        {children}
      </div>
      {(back || next || status) && (
        <footer className="action-bar">
          <div className="action-start">
            {back && (
              <button type="button" className="btn btn-secondary" onClick={back.onClick} disabled={back.disabled}>
                {back.label ?? t('common.back')}
              </button>
            )}
          </div>
          <div className="action-status">{status}</div>
          <div className="action-end">
            {next && (
              <button type="button" className="btn btn-primary" onClick={next.onClick} disabled={next.disabled} data-testid="next">
                {next.label ?? t('common.continue')}
              </button>
            )}
          </div>
        </footer>
      )}
    </section>
  );
}
