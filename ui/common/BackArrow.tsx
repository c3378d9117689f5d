/**
 * The one way back on every page that leads back: an arrow at the top left beside the page's title, named for
 * where it goes ("Back to missions"), so a finger and a screen reader find it in the same place everywhere.
 */
import './backArrow.css';
import type { ReactNode } from 'react';
import { useActions } from '../../src/bridge/CoreContext';
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/nav.en.json';
import it from '../../locales/areas/nav.it.json';
import { ArrowLeftIcon } from './icons';

// The arrows' names ('nav.backTo.*') travel with this module: every page that has one loads lazily.
addStrings({ en, it });

export interface BackTo {
  /** The accessible name, where it leads: "Back to missions". */
  label: string;
  /** The route it goes to, or `onClick` for a step inside a page (a wizard's previous stage). */
  to?: string;
  onClick?(): void;
}

export function BackArrow({ label, to, onClick }: BackTo) {
  const { dispatch } = useActions();
  return (
    <button
      type="button"
      className="icon-button back-arrow"
      aria-label={label}
      onClick={onClick ?? (() => to && dispatch({ type: 'ui/navigated', path: to }))}
      data-testid="back-arrow"
    >
      <ArrowLeftIcon />
    </button>
  );
}

/** A title with the back arrow before it, as one row. */
export function TitleRow({ back, children }: { back?: BackTo; children: ReactNode }) {
  if (!back) return <>{children}</>;
  return (
    <div className="title-row">
      <BackArrow {...back} />
      {children}
    </div>
  );
}
