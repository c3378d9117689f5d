/** A labelled text field that brings up the on-screen keyboard when touched (and takes a physical one too). */
import { useEffect, useId, useMemo, useRef } from 'react';
import './field.css';
import { FieldCount } from './FieldCount';
import { useKeyboard, type KeyboardTarget } from './KeyboardContext';

/** The longest text a field takes unless told otherwise: the names' limit (robot, administrator, destination). */
export const NAME_MAX_LENGTH = 40;

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  onEnter?(): void;
  /** What the on-screen keyboard's Done does before it closes, where Done should finish the entry too. */
  onDone?(): void;
  testId?: string;
  disabled?: boolean;
  /**
   * A number typed as text, as the ARIA spinbutton pattern: its bounds and value announced, the arrow keys step
   * it. The on-screen keyboard still types it.
   */
  spin?: { min: number; max: number; onStep(direction: 1 | -1): void };
  /** A number field: the on-screen keyboard shows the number keypad (digits, minus, decimal point). */
  numeric?: boolean;
  /** The field's error, shown under it and announced with it; the field is marked invalid. */
  error?: string;
  /**
   * Shows how many characters of `maxLength` are used ('12/40') and says when the limit is reached: for names
   * and messages, which the limit would otherwise cut without a word.
   */
  counted?: boolean;
}

export function TextField({ label, value, onChange, placeholder, maxLength = NAME_MAX_LENGTH, autoFocus, onEnter, onDone, testId, disabled, spin, numeric, error, counted }: TextFieldProps) {
  const id = useId();
  const { attach, detach } = useKeyboard();
  // The keyboard calls back long after this render: it must see the latest value and handler.
  const latest = useRef({ value, onChange, onDone });
  useEffect(() => {
    latest.current = { value, onChange, onDone };
  });
  const target = useMemo<KeyboardTarget>(
    () => ({
      id,
      maxLength,
      keypad: numeric ? 'numeric' : 'letters',
      get: () => latest.current.value,
      set: (v) => latest.current.onChange(v),
      done: () => latest.current.onDone?.(),
    }),
    [id, maxLength, numeric],
  );
  useEffect(() => () => detach(id), [detach, id]);
  return (
    <div className="field">
      <div className="field-head">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {counted && <FieldCount id={`${id}-count`} count={value.length} max={maxLength} />}
      </div>
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
          if (spin && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
            e.preventDefault();
            spin.onStep(e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
        {...(spin && spinAttributes(spin, value))}
        {...(error && { 'aria-invalid': true })}
        {...((error || counted) && { 'aria-describedby': [counted && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') })}
        data-testid={testId}
      />
      {error && (
        <p id={`${id}-error`} className="form-error field-error" data-testid={testId && `${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The spinbutton's role and values; `aria-valuenow` only while the text reads as a number. */
function spinAttributes(spin: { min: number; max: number }, value: string) {
  const now = value.trim() === '' ? NaN : Number(value);
  return {
    role: 'spinbutton',
    'aria-valuemin': spin.min,
    'aria-valuemax': spin.max,
    ...(Number.isFinite(now) ? { 'aria-valuenow': now } : {}),
    'aria-valuetext': value,
  };
}
