/**
 * One velocity input of the control page, an ARIA spinbutton (-1 to 1, the arrow keys step it by 0.1): typed
 * on the on-screen number keypad, or stepped by 0.1 with the big minus and plus buttons. What was typed goes to
 * the core as typed; the core reads it and may refuse it, and its error then shows under the field. A step is handed up as a step, not as the value shown plus 0.1, so
 * that the owner applies it to the value it holds: two presses before a redraw count twice.
 */
import { useT } from '../../src/i18n';
import { TextField } from '../keyboard/TextField';
import { VELOCITY_MAX, VELOCITY_MIN, VELOCITY_STEP } from '../../core/teleop/velocity';

export interface VelocityFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** One step of `by` (±0.1) from whatever the field holds when it is applied. */
  onStep(by: number): void;
  testId: string;
  /** Why the last Submit refused this field's value, in words. */
  error?: string;
}

export function VelocityField({ label, value, onChange, onStep, testId, error }: VelocityFieldProps) {
  const t = useT();
  return (
    <div className="velocity-field">
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        maxLength={8}
        testId={testId}
        numeric
        error={error}
        spin={{ min: VELOCITY_MIN, max: VELOCITY_MAX, onStep: (direction) => onStep(direction * VELOCITY_STEP) }}
      />
      <div className="velocity-steps">
        <button type="button" className="btn btn-secondary velocity-step" aria-label={t('teleop.decrease', { name: label })} onClick={() => onStep(-VELOCITY_STEP)}>
          −
        </button>
        <button type="button" className="btn btn-secondary velocity-step" aria-label={t('teleop.increase', { name: label })} onClick={() => onStep(VELOCITY_STEP)}>
          +
        </button>
      </div>
    </div>
  );
}
