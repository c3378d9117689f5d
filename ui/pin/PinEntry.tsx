/**
 * Six PIN boxes, one digit each, with the on-screen keypad beside them. A transparent field over the boxes
 * takes a physical keyboard's digits, Backspace and Enter; `inputMode="none"` keeps a system keyboard away.
 */
import { useEffect, useId, useRef } from 'react';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { PIN_LENGTH, type PinInput } from './usePinInput';
import { PinKeypad } from './PinKeypad';
import { PinMessage } from './PinMessage';

const BOXES = Array.from({ length: PIN_LENGTH }, (_, i) => i);

export interface PinEntryProps {
  pin: PinInput;
  /** Enter on a physical keyboard. */
  onEnter?(): void;
  disabled?: boolean;
}

export function PinEntry({ pin, onEnter, disabled }: PinEntryProps) {
  const t = useT();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
  // A wrong PIN clears the boxes, which disables the Login or Save button that was clicked: the focus would
  // fall to the page and a physical keyboard stop typing. It comes back to the boxes for the next try.
  const attempts = useCore((s) => s.setup.pinAttempts);
  const seen = useRef(attempts);
  useEffect(() => {
    if (seen.current === attempts) return;
    seen.current = attempts;
    input.current?.focus();
  }, [attempts]);
  return (
    <div className="pin-entry">
      <div className="pin-left">
        <div className="pin-boxes" data-testid="pin-boxes">
          <input
            ref={input}
            className="pin-input"
            type="password"
            inputMode="none"
            autoComplete="off"
            autoFocus
            maxLength={PIN_LENGTH}
            value={pin.value}
            disabled={disabled}
            aria-label={t('pin.label')}
            aria-describedby={messageId}
            onChange={(e) => pin.change(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onEnter?.();
            }}
            data-testid="pin-input"
          />
          {BOXES.map((i) => (
            <span key={i} className={`pin-box${i < pin.value.length ? ' pin-box-filled' : ''}${i === pin.value.length ? ' pin-box-current' : ''}`} aria-hidden="true">
              {i < pin.value.length ? (i === pin.revealed ? pin.value[i] : '•') : ''}
            </span>
          ))}
        </div>
        <PinMessage id={messageId} />
      </div>
      <PinKeypad
        disabled={disabled}
        onDigit={(d) => {
          pin.append(d);
          input.current?.focus();
        }}
        onBackspace={pin.backspace}
        onClear={pin.clear}
      />
    </div>
  );
}
