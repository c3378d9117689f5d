/** A labelled checkbox sized for a finger (the box itself is 64 px), for confirmations and object lists. */
import type { ReactNode } from 'react';
import './checkField.css';

export interface CheckFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  testId?: string;
}

export function CheckField({ label, checked, onChange, disabled, testId }: CheckFieldProps) {
  return (
    <label className={`check${disabled ? ' check-off' : ''}`}>
      <input type="checkbox" className="check-box" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
}
