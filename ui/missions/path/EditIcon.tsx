/** A pencil, for the step edit buttons (kept here: only the path wizard draws it). */
export function EditIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width={36} height={36} aria-hidden="true" focusable="false">
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
    </svg>
  );
}
