/**
 * One velocity input of the control page, an ARIA spinbutton (-1 to 1, the arrow keys step it by 0.1): typed
 * on the on-screen keyboard, or stepped by 0.1 with the big minus and plus buttons. What was typed goes to the
 * core as typed; the core reads it (spec 4.5).
 */
import { useT } from '../../src/i18n';
import { TextField } from '../keyboard/TextField';
import { stepTyped, VELOCITY_MAX, VELOCITY_MIN, VELOCITY_STEP } from '../../core/teleop/velocity';

export interface VelocityFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
}

export function VelocityField({ label, value, onChange, testId }: VelocityFieldProps) {
  const t = useT();
  return (
    <div className="velocity-field">
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        maxLength={8}
        testId={testId}
        spin={{ min: VELOCITY_MIN, max: VELOCITY_MAX, onStep: (direction) => onChange(stepTyped(value, direction * VELOCITY_STEP)) }}
      />
      <div className="velocity-steps">
        <button type="button" className="btn btn-secondary velocity-step" aria-label={t('teleop.decrease', { name: label })} onClick={() => onChange(stepTyped(value, -VELOCITY_STEP))}>
          −
        </button>
        <button type="button" className="btn btn-secondary velocity-step" aria-label={t('teleop.increase', { name: label })} onClick={() => onChange(stepTyped(value, VELOCITY_STEP))}>
          +
        </button>
      </div>
    </div>
  );
}
