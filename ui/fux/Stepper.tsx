/** A touch number picker: big minus and plus around the value, wrapping at the ends (23 -> 0), repeating while held. */
import { useId } from 'react';
import { MinusIcon, PlusIcon } from '../common/icons';
import { useHoldRepeat } from '../common/useHoldRepeat';

export interface StepperProps {
  label: string;
  value: number;
  max: number;
  onChange(value: number): void;
  increaseLabel: string;
  decreaseLabel: string;
  testId?: string;
}

export function Stepper({ label, value, max, onChange, increaseLabel, decreaseLabel, testId }: StepperProps) {
  const id = useId();
  const wrap = (v: number) => (((v % (max + 1)) + max + 1) % (max + 1));
  // Each press counts its steps from the value it started at.
  const up = useHoldRepeat((n) => onChange(wrap(value + n)));
  const down = useHoldRepeat((n) => onChange(wrap(value - n)));
  return (
    <div className="stepper" role="group" aria-labelledby={id} data-testid={testId}>
      <span id={id} className="stepper-label">
        {label}
      </span>
      <button type="button" className="stepper-button" aria-label={increaseLabel} {...up}>
        <PlusIcon />
      </button>
      <output className="stepper-value" aria-live="polite" aria-labelledby={id}>
        {String(value).padStart(2, '0')}
      </output>
      <button type="button" className="stepper-button" aria-label={decreaseLabel} {...down}>
        <MinusIcon />
      </button>
    </div>
  );
}
