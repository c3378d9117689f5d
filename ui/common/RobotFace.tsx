/** Node's face: the product's mark drawn large, for the lock, startup and greeting screens. */
export function RobotFace({ size = 240, className }: { size?: number; className?: string }) {
  return (
    <svg className={`robot-face ${className ?? ''}`} viewBox="0 0 200 200" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="100" cy="100" r="96" className="rf-halo" />
      <rect x="92" y="22" width="16" height="26" rx="8" className="rf-body" />
      <circle cx="100" cy="22" r="10" className="rf-accent" />
      <rect x="30" y="48" width="140" height="110" rx="40" className="rf-body" />
      <rect x="46" y="66" width="108" height="66" rx="30" className="rf-screen" />
      <circle cx="78" cy="98" r="11" className="rf-eye" />
      <circle cx="122" cy="98" r="11" className="rf-eye" />
      <path d="M84 118q16 12 32 0" className="rf-smile" />
      <rect x="14" y="86" width="16" height="36" rx="8" className="rf-body" />
      <rect x="170" y="86" width="16" height="36" rx="8" className="rf-body" />
    </svg>
  );
}
