/**
 * The robot's mark: a rounded robot glyph and the robot's own name (the product's name until it is named). A
 * long name is cut with an ellipsis by CSS alone, not NameText: the top bar is on the first screen, whose
 * bundle has no room for NameText, and the whole name is one tap away in the settings.
 */
import { useRobotName } from '../common/useRobotName';

export function Logo({ size = 44 }: { size?: number }) {
  const name = useRobotName();
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
