/** The administrator's avatar: a friendly head-and-shoulders figure with the name's initial. */
export function Avatar({ name, size = 96 }: { name: string | null | undefined; size?: number }) {
  const initial = (name ?? '').trim().charAt(0).toUpperCase();
  return (
    <svg className="avatar" viewBox="0 0 96 96" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="48" className="avatar-bg" />
      <circle cx="48" cy="38" r="18" className="avatar-figure" />
      <path d="M16 84c4-18 16-26 32-26s28 8 32 26a48 48 0 0 1-64 0z" className="avatar-figure" />
      {initial && (
        <text x="48" y="45" textAnchor="middle" className="avatar-initial">
          {initial}
        </text>
      )}
    </svg>
  );
}
