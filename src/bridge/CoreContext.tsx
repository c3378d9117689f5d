/** Puts a mirror store and its actions in React context, so one tree can render live or replayed state. */
import { createContext, useContext, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { language } from '../../core/selectors';
import type { State } from '../../core/state';
import { TranslatorContext, useTranslator } from '../i18n';
import type { MirrorStore } from './mirrorStore';
import type { CoreActions } from './actions';

interface CoreBinding {
  store: MirrorStore;
  actions: CoreActions;
}

const CoreContext = createContext<CoreBinding | null>(null);

/**
 * Also gives the tree its translator (`useT`), for the language in the store: one subscription for the whole
 * tree rather than one in every component that shows text.
 */
export function CoreProvider({ store, actions, children }: CoreBinding & { children: ReactNode }) {
  const lang = useSyncExternalStore(
    store.subscribe,
    () => language(store.getSnapshot()!),
    () => language(store.getServerSnapshot()!),
  );
  const t = useTranslator(lang);
  const translation = useMemo(() => ({ lang, t }), [lang, t]);
  const binding = useMemo(() => ({ store, actions }), [store, actions]);
  return (
    <CoreContext.Provider value={binding}>
      <TranslatorContext.Provider value={translation}>{children}</TranslatorContext.Provider>
    </CoreContext.Provider>
  );
}

function useBinding(): CoreBinding {
  const binding = useContext(CoreContext);
  if (!binding) throw new Error('useCore outside CoreProvider');
  return binding;
}

/** The last selection of one `useCore`: returned again while the state and the selector are the same. */
interface Selection<T> {
  state: State;
  selector: (s: State) => T;
  value: T;
}

/**
 * Reads a value from the core's state; re-renders only when the selected value changes (by `Object.is`, or by
 * `equal` when given). Must be used under a CoreProvider whose store has a state.
 *
 * React's own useSyncExternalStore with the selection kept in a ref: two hooks (the ref and the store's), where
 * the `use-sync-external-store` selector shim took four and one more effect. The first screen's hydration runs
 * some thirty of these (bench/README.md at f0de46c, "a lighter store binding").
 */
export function useCore<T>(selector: (s: State) => T, equal?: (a: T, b: T) => boolean): T {
  const { store } = useBinding();
  const last = useRef<Selection<T> | null>(null);
  // A render may be thrown away after selecting: the kept selection is then one of a state that may come again,
  // and an equal value is still the right answer, so keeping it does no harm.
  const select = (state: State): T => {
    const kept = last.current;
    if (kept !== null && kept.state === state && kept.selector === selector) return kept.value;
    const value = selector(state);
    const same = kept !== null && (equal ? equal(kept.value, value) : Object.is(kept.value, value));
    last.current = { state, selector, value: same ? kept.value : value };
    return last.current.value;
  };
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getSnapshot()!),
    () => select(store.getServerSnapshot()!),
  );
}

export function useActions(): CoreActions {
  return useBinding().actions;
}

/** The mirror store itself, for hooks that follow it without rendering (useCoreListener.ts). */
export function useMirrorStore(): MirrorStore {
  return useBinding().store;
}

/** Shallow equality for selectors that return a fresh array or object. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
