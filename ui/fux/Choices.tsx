/** Big single-choice cards (languages, countries, shelf layouts): one touch picks, the pick is marked. */
import type { ReactNode } from 'react';
import { CheckIcon } from '../common/icons';

export interface Choice<T> {
  value: T;
  label: string;
  hint?: string;
  picture?: ReactNode;
}

export interface ChoicesProps<T> {
  label: string;
  choices: Choice<T>[];
  selected: T | null;
  onPick(value: T): void;
  columns?: number;
}

export function Choices<T extends string | number>({ label, choices, selected, onPick, columns }: ChoicesProps<T>) {
  return (
    <div className="choices" role="group" aria-label={label} style={{ gridTemplateColumns: `repeat(${columns ?? choices.length}, minmax(0, 1fr))` }}>
      {choices.map((c) => {
        const on = c.value === selected;
        return (
          <button
            key={String(c.value)}
            type="button"
            className={`choice${on ? ' choice-on' : ''}${c.picture ? ' choice-picture' : ''}`}
            aria-pressed={on}
            onClick={() => onPick(c.value)}
            data-testid={`choice-${c.value}`}
          >
            {c.picture}
            <span className="choice-label">{c.label}</span>
            {c.hint && <span className="choice-hint">{c.hint}</span>}
            <span className="choice-check" aria-hidden="true">
              {on && <CheckIcon />}
            </span>
          </button>
        );
      })}
    </div>
  );
}
