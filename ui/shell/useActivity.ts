/** Reports touches, presses, key presses and mouse moves to the core, which restarts the 900 s lock on each. */
import { useEffect } from 'react';
import { useActions } from '../../src/bridge/CoreContext';

/** A moving mouse fires dozens of events a second; one report a second keeps the lock just as fresh. */
const MOVE_EVERY_MS = 1_000;

export function useActivity(): void {
  const { dispatch } = useActions();
  useEffect(() => {
    let lastMove = -Infinity;
    const active = () => dispatch({ type: 'ui/activity' });
    const moved = (e: Event) => {
      if (e.timeStamp - lastMove < MOVE_EVERY_MS) return;
      lastMove = e.timeStamp;
      active();
    };
    const opts = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', active, opts);
    window.addEventListener('keydown', active, opts);
    window.addEventListener('mousemove', moved, opts);
    return () => {
      window.removeEventListener('pointerdown', active, opts);
      window.removeEventListener('keydown', active, opts);
      window.removeEventListener('mousemove', moved, opts);
    };
  }, [dispatch]);
}
