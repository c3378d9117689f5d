/** The floating action: '+' opens 'Quick Mission' and 'Path'; the menu closes 300 ms after a choice (spec 2.1). */
import { useEffect, useState } from 'react';
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { CloseIcon, PlusIcon } from '../common/icons';

/** Spec 9: the floating-action menu closes after 300 ms. Purely visual, so the timer stays here. */
const CLOSE_DELAY_MS = 300;

export function NewMissionMenu() {
  const t = useT();
  const { dispatch } = useActions();
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  useEffect(() => {
    if (!closing) return undefined;
    const id = setTimeout(() => {
      setOpen(false);
      setClosing(false);
    }, CLOSE_DELAY_MS);
    return () => clearTimeout(id);
  }, [closing]);
  const choose = (kind: 'quick' | 'path') => {
    setClosing(true);
    dispatch({ type: 'ui/newMissionChosen', kind });
  };
  return (
    <div className="fab-area">
      {open && (
        <div className="fab-menu" role="menu" aria-label={t('missions.newMission')}>
          <button type="button" role="menuitem" className="btn btn-secondary" onClick={() => choose('quick')}>
            {t('missions.quickMission')}
          </button>
          <button type="button" role="menuitem" className="btn btn-secondary" onClick={() => choose('path')}>
            {t('missions.path')}
          </button>
        </div>
      )}
      <button
        type="button"
        className="fab"
        aria-expanded={open}
        aria-label={open ? t('missions.closeMenu') : t('missions.newMission')}
        onClick={() => setOpen(!open)}
        data-testid="new-mission"
      >
        {open ? <CloseIcon /> : <PlusIcon />}
      </button>
    </div>
  );
}
