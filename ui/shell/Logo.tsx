/**
 * The robot's mark: a rounded robot glyph and the robot's own name, which its user passes in. A long name is
 * cut with an ellipsis by CSS alone, not NameText. Logo reads no state itself: shared by the first screen's top
 * bar and the lazy side menu, a Logo that imported the core's context made the bundler split React and that
 * context out of the entry into chunks of their own, over the first screen's budget.
 */
export function Logo({ name, size = 44 }: { name: string; size?: number }) {
  return (
    <span className="logo">
      <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true">
        <rect x="6" y="10" width="36" height="28" rx="10" className="logo-body" />
        <circle cx="18" cy="24" r="4" className="logo-eye" />
        <circle cx="30" cy="24" r="4" className="logo-eye" />
        <rect x="21" y="3" width="6" height="8" rx="3" className="logo-body" />
      </svg>
      <span className="logo-name">{name}</span>
    </span>
  );
}
