/** The product's mark: a rounded robot glyph and its name. */
import { useT } from '../../src/i18n';

export function Logo({ size = 44 }: { size?: number }) {
  const t = useT();
  return (
    <span className="logo">
      <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true">
        <rect x="6" y="10" width="36" height="28" rx="10" className="logo-body" />
        <circle cx="18" cy="24" r="4" className="logo-eye" />
        <circle cx="30" cy="24" r="4" className="logo-eye" />
        <rect x="21" y="3" width="6" height="8" rx="3" className="logo-body" />
      </svg>
      <span className="logo-name">{t('app.title')}</span>
    </span>
  );
}
