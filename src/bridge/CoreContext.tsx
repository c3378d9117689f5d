/** Puts a mirror store and its actions in React context, so one tree can render live or replayed state. */
import { createContext, useContext, type ReactNode } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/shim/with-selector';
import type { State } from '../../core/state';
import type { MirrorStore } from './mirrorStore';
import type { CoreActions } from './actions';

interface CoreBinding {
  store: MirrorStore;
  actions: CoreActions;
}

const CoreContext = createContext<CoreBinding | null>(null);

export function CoreProvider({ store, actions, children }: CoreBinding & { children: ReactNode }) {
  return <CoreContext.Provider value={{ store, actions }}>{children}</CoreContext.Provider>;
}

function useBinding(): CoreBinding {
  const binding = useContext(CoreContext);
  if (!binding) throw new Error('useCore outside CoreProvider');
  return binding;
}

/**
 * Reads a value from the core's state; re-renders only when the selected value changes (by `Object.is`, or by
 * `equal` when given). Must be used under a CoreProvider whose store has a state.
 */
export function useCore<T>(selector: (s: State) => T, equal?: (a: T, b: T) => boolean): T {
  const { store } = useBinding();
  return useSyncExternalStoreWithSelector(
    store.subscribe,
    store.getSnapshot,
    store.getServerSnapshot,
    (s) => selector(s as State),
    equal,
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
