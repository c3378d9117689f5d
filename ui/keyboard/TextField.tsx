/** A labelled text field that brings up the on-screen keyboard when touched (and takes a physical one too). */
import { useEffect, useId, useMemo, useRef } from 'react';
import { useKeyboard, type KeyboardTarget } from './KeyboardContext';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  onEnter?(): void;
  testId?: string;
  disabled?: boolean;
}

export function TextField({ label, value, onChange, placeholder, maxLength = 40, autoFocus, onEnter, testId, disabled }: TextFieldProps) {
  const id = useId();
  const { attach, detach } = useKeyboard();
  // The keyboard calls back long after this render: it must see the latest value and handler.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const target = useMemo<KeyboardTarget>(
    () => ({ id, maxLength, get: () => latest.current.value, set: (v) => latest.current.onChange(v) }),
    [id, maxLength],
  );
  useEffect(() => () => detach(id), [detach, id]);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="text-input"
        type="text"
        inputMode="none"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        maxLength={maxLength}
        disabled={disabled}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => attach(target)}
        onClick={() => attach(target)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onEnter?.();
        }}
        data-testid={testId}
      />
    </div>
  );
}
