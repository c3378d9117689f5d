/**
 * Follows a value of the core's state without rendering: `onChange` gets the selected value at once and then
 * whenever it changes (by `equal`, `Object.is` when not given). For visual updates written straight to the
 * DOM where a render per change would be the main thread's biggest cost (the live map's robot marker moves
 * with every map update, once a second while mapping). Prefer `useCore` everywhere else.
 */
import { useLayoutEffect, useRef } from 'react';
import type { State } from '../../core/state';
import { useMirrorStore } from './CoreContext';

export function useCoreListener<T>(selector: (s: State) => T, onChange: (value: T) => void, equal: (a: T, b: T) => boolean = Object.is): void {
  const store = useMirrorStore();
  const latest = useRef({ selector, equal });
  useLayoutEffect(() => {
    latest.current = { selector, equal };
  });
  // A new `onChange` (it closes over new props) hears the current value again: layout effects run before
  // paint, so a DOM write here is never a frame late.
  useLayoutEffect(() => {
    let last: { value: T } | null = null;
    const check = () => {
      const state = store.getSnapshot();
      if (!state) return;
      const value = latest.current.selector(state);
      if (last && latest.current.equal(last.value, value)) return;
      last = { value };
      onChange(value);
    };
    check();
    return store.subscribe(check);
  }, [store, onChange]);
}
