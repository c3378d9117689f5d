/**
 * The robot's mark: a rounded robot glyph and the robot's own name (the product's name until it is named).
 * A long name is cut with an ellipsis; `inControl` inside the menu's logo link (no button inside a link).
 */
import { NameText } from '../common/NameText';
import { useRobotName } from '../common/useRobotName';

export function Logo({ size = 44, inControl = false }: { size?: number; inControl?: boolean }) {
  const name = useRobotName();
  return (
    <span className="logo">
      <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true">
        <rect x="6" y="10" width="36" height="28" rx="10" className="logo-body" />
        <circle cx="18" cy="24" r="4" className="logo-eye" />
        <circle cx="30" cy="24" r="4" className="logo-eye" />
        <rect x="21" y="3" width="6" height="8" rx="3" className="logo-body" />
      </svg>
      <NameText name={name} className="logo-name" inControl={inControl} />
    </span>
  );
}
