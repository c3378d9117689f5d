/** Visual timing helpers. These timers only decide what is drawn, never what happens (that is the core's). */
import { useEffect, useState } from 'react';

/** Spec: any wait a person notices shows progress; below this a spinner would only flicker. */
export const PROGRESS_DELAY_MS = 300;

/** True once `flag` has stayed true for `ms`; false again as soon as it drops. */
export function useDelayed(flag: boolean, ms = PROGRESS_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) return undefined;
    const id = setTimeout(() => setShown(true), ms);
    return () => {
      clearTimeout(id);
      setShown(false);
    };
  }, [flag, ms]);
  return flag && shown;
}
