/** Progress for a wait over 300 ms: a spinner with a spoken label, drawn only after the delay. */
import { useT } from '../../src/i18n';
import { useDelayed } from './useDelayed';

export function Busy({ active, label }: { active: boolean; label?: string }) {
  const t = useT();
  const shown = useDelayed(active);
  if (!shown) return null;
  return (
    <span className="busy" role="status" data-testid="busy">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.wait')}</span>
    </span>
  );
}
