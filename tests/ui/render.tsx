/** Renders UI against a fake mirror store (no worker): a state, and actions that record what was asked. */
import type { CoreActions } from '../../src/bridge/actions';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { initialState, type State } from '../../core/state';
import type { Intent, PinPurpose } from '../../core/events';
import { MirrorStore } from '../../src/bridge/mirrorStore';
import { CoreProvider } from '../../src/bridge/CoreContext';
import { useCoreLocation } from '../../src/bridge/useCoreLocation';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export interface Rendered {
  store: MirrorStore;
  /** The actions the tree was given (a map picture source is known by them). */
  actions: CoreActions;
  intents: Intent[];
  pins: { purpose: PinPurpose; pin: string }[];
  /** Replaces slices of the state, as a worker push would. */
  push(changed: Partial<State>): void;
}

/** A state: the initial one with these slices merged in (one level deep per slice). */
export function stateWith(over: DeepPartial<State> = {}): State {
  const base = initialState('/missions');
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const baseSlice = (base as unknown as Record<string, unknown>)[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && baseSlice && typeof baseSlice === 'object' ? { ...baseSlice, ...v } : v;
  }
  return out as unknown as State;
}

export function renderWithCore(ui: ReactElement, state: State = stateWith()): Rendered & ReturnType<typeof render> {
  const store = new MirrorStore();
  store.replace(state);
  const intents: Intent[] = [];
  const pins: { purpose: PinPurpose; pin: string }[] = [];
  const actions = {
    dispatch: (intent: Intent) => void intents.push(intent),
    submitPin: (purpose: PinPurpose, pin: string) => void pins.push({ purpose, pin }),
    exportLog: async () => '',
  };
  const result = render(
    <CoreProvider store={store} actions={actions}>
      <Router hook={useCoreLocation}>{ui}</Router>
    </CoreProvider>,
  );
  return { ...result, store, actions, intents, pins, push: (changed) => store.apply(changed) };
}
