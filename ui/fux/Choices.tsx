/** Big single-choice cards (languages, countries, shelf layouts): one touch picks, the pick is marked. */
import type { ReactNode } from 'react';
import { CheckIcon } from '../common/icons';
import { NameText } from '../common/NameText';

/** Lines enough for the longest name (100 characters) on a card of a four-column grid. */
const NAME_LINES = 8;

export interface Choice<T> {
  value: T;
  label: string;
  hint?: string;
  picture?: ReactNode;
  /** The label is a name (a destination, a person): it may be long and unbroken, so it wraps anywhere. */
  isName?: boolean;
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
            {c.isName ? <NameText name={c.label} lines={NAME_LINES} inControl className="choice-label choice-name" /> : <span className="choice-label">{c.label}</span>}
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
