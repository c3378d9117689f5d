/** A first-use page's two moves, as intents: the core's wizard table decides where they lead. */
import type { FuxPage } from '../../core/routes';
import { useActions, useCore } from '../../src/bridge/CoreContext';

export function useWizard(page: FuxPage) {
  const { dispatch } = useActions();
  const saving = useCore((s) => s.setup.save === 'pending');
  return {
    saving,
    back: () => dispatch({ type: 'ui/wizardBack', page }),
    next: (value?: string) => dispatch(value === undefined ? { type: 'ui/wizardContinued', page } : { type: 'ui/wizardContinued', page, value }),
  };
}
