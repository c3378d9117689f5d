/** The on-screen numeric keypad: the kiosk has no keyboard. Keys keep the focus on the PIN field. */
import { useT } from '../../src/i18n';
import { BackspaceIcon, CloseIcon } from '../common/icons';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export interface PinKeypadProps {
  onDigit(digit: string): void;
  onBackspace(): void;
  onClear(): void;
  disabled?: boolean;
}

/** Pressing a key must not move the focus off the field, or a physical keyboard would stop typing into it. */
const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();

export function PinKeypad({ onDigit, onBackspace, onClear, disabled }: PinKeypadProps) {
  const t = useT();
  const key = (digit: string) => (
    <button key={digit} type="button" className="key key-digit" onPointerDown={keepFocus} onClick={() => onDigit(digit)} disabled={disabled}>
      {digit}
    </button>
  );
  return (
    <div className="keypad" role="group" aria-label={t('pin.keypad')}>
      {DIGITS.map(key)}
      <button type="button" className="key key-action" onPointerDown={keepFocus} onClick={onClear} aria-label={t('pin.clear')} disabled={disabled}>
        <CloseIcon />
      </button>
      {key('0')}
      <button type="button" className="key key-action" onPointerDown={keepFocus} onClick={onBackspace} aria-label={t('pin.delete')} disabled={disabled}>
        <BackspaceIcon />
      </button>
    </div>
  );
}
