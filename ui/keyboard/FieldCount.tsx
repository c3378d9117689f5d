/**
 * How many characters a field holds of how many it takes ('12/40'), beside its label. A name is capped (the
 * field's maxLength) and a key typed at the cap adds nothing, so the counter says so in words when the cap is
 * reached: nothing is dropped without a word (issue 34). It sits on the label's row, above the field, where the
 * on-screen keyboard, docked below and scrolling the field into view, never covers it.
 */
import './strings';
import { useT } from '../../src/i18n';

export function FieldCount({ id, count, max }: { id: string; count: number; max: number }) {
  const t = useT();
  const state = count > max ? 'over' : count === max ? 'limit' : 'count';
  return (
    <span id={id} className={`field-count field-count-${state}`} data-testid="field-count" data-state={state}>
      {t(`field.${state}`, { count, max })}
    </span>
  );
}
