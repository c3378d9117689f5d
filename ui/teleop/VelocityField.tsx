/**
 * One velocity input of the control page: typed on the on-screen keyboard, or stepped by 0.1 with the minus
 * and plus buttons. What was typed goes to the core as typed; the core reads it (spec 4.5).
 */
import { useT } from '../../src/i18n';
import { TextField } from '../keyboard/TextField';

export interface VelocityFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
}

/** The buttons' step (spec: step 0.1 within -1..1); they stop at the ends of the range. */
function stepped(value: string, delta: number): string {
  const n = Number(value.trim().replace(',', '.'));
  const base = Number.isFinite(n) ? n : 0;
  const next = Math.min(1, Math.max(-1, Math.round((base + delta) * 10) / 10));
  return String(next === 0 ? 0 : next);
}

export function VelocityField({ label, value, onChange, testId }: VelocityFieldProps) {
  const t = useT();
  return (
    <div className="velocity-field">
      <TextField label={label} value={value} onChange={onChange} maxLength={8} testId={testId} />
      <div className="velocity-steps">
        <button type="button" className="btn btn-secondary velocity-step" aria-label={t('teleop.decrease', { name: label })} onClick={() => onChange(stepped(value, -0.1))}>
          −
        </button>
        <button type="button" className="btn btn-secondary velocity-step" aria-label={t('teleop.increase', { name: label })} onClick={() => onChange(stepped(value, 0.1))}>
          +
        </button>
      </div>
    </div>
  );
}
