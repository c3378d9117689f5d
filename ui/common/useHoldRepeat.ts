/**
 * A button that repeats while held, as a keyboard key does: one step at the press, then after a pause one every
 * interval until the finger lifts or leaves. Each step is an intent of its own, relative to whatever the core
 * holds when it arrives, so presses faster than the screen redraws each count. A keyboard's Enter or Space steps
 * once (a click with no pointer behind it). The timer only paces a person's input; the core decides what it does.
 */
import { useEffect, useRef, type PointerEvent, type MouseEvent } from 'react';

export const HOLD_DELAY_MS = 400;
export const HOLD_INTERVAL_MS = 100;

/** `step()` is called once at the press and once at every repeat. */
export function useHoldRepeat(step: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(step);
  useEffect(() => {
    latest.current = step;
  });
  const stop = () => clearTimeout(timer.current);
  useEffect(() => stop, []);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      stop();
      latest.current();
      const again = () => {
        latest.current();
        timer.current = setTimeout(again, HOLD_INTERVAL_MS);
      };
      timer.current = setTimeout(again, HOLD_DELAY_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onContextMenu: (e: MouseEvent) => e.preventDefault(),
    onClick: (e: MouseEvent) => {
      // A pointer press already stepped; a click from the keyboard (detail 0) steps here.
      if (e.detail === 0) latest.current();
    },
  };
}
