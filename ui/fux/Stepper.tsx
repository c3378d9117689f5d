/**
 * A touch number picker: big minus and plus around the value, repeating while held. Each press asks for one step
 * (`onStep(+1)` or `onStep(-1)`); the core applies it to the value it holds, and wraps it at the ends.
 */
import { useId } from 'react';
import { MinusIcon, PlusIcon } from '../common/icons';
import { useHoldRepeat } from '../common/useHoldRepeat';

export interface StepperProps {
  label: string;
  value: number;
  onStep(by: 1 | -1): void;
  increaseLabel: string;
  decreaseLabel: string;
  testId?: string;
}

export function Stepper({ label, value, onStep, increaseLabel, decreaseLabel, testId }: StepperProps) {
  const id = useId();
  const up = useHoldRepeat(() => onStep(1));
  const down = useHoldRepeat(() => onStep(-1));
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
