/** Line icons drawn inline (no external assets). Decorative: the button around each names it. */
import type { ReactNode } from 'react';

function Icon({ children, size = 36 }: { children: ReactNode; size?: number }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <Icon>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
export const HomeIcon = () => (
  <Icon>
    <path d="M4 11l8-7 8 7v9h-5v-6H9v6H4z" />
  </Icon>
);
export const MapIcon = () => (
  <Icon>
    <path d="M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14" />
  </Icon>
);
export const PulseIcon = () => (
  <Icon>
    <path d="M3 12h4l2-5 4 10 2-5h6" />
  </Icon>
);
export const TableIcon = () => (
  <Icon>
    <path d="M4 5h16v14H4zM4 10h16M4 15h16M10 5v14" />
  </Icon>
);
export const GearIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
  </Icon>
);
/** A door with an arrow leaving it: log out. */
export const LogoutIcon = () => (
  <Icon>
    <path d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9" />
  </Icon>
);
/** A flag: report a problem. */
export const FlagIcon = () => (
  <Icon>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </Icon>
);
export const PowerIcon = () => (
  <Icon>
    <path d="M12 3v8M7 6.5a7 7 0 1 0 10 0" />
  </Icon>
);
export const BackspaceIcon = () => (
  <Icon size={44}>
    <path d="M9 5h11v14H9l-6-7zM12 9l5 6M17 9l-5 6" />
  </Icon>
);
export const ArrowLeftIcon = () => (
  <Icon size={48}>
    <path d="M20 12H5M11 5l-7 7 7 7" />
  </Icon>
);
export const ChevronLeft = () => (
  <Icon size={48}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);
export const ChevronRight = () => (
  <Icon size={48}>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);
export const PlusIcon = () => (
  <Icon size={44}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
export const MinusIcon = () => (
  <Icon size={44}>
    <path d="M5 12h14" />
  </Icon>
);
export const CheckIcon = () => (
  <Icon size={32}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
