/**
 * Which text field the on-screen keyboard types into. Purely visual state, so it stays in React: the field
 * attaches itself when touched, and the keyboard shows while one is attached.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface KeyboardTarget {
  /** The field's element id, to keep it in view. */
  id: string;
  get(): string;
  set(value: string): void;
  maxLength: number;
  /** Which keys it needs: letters (the default) or the number keypad (digits, minus, decimal point). */
  keypad?: 'letters' | 'numeric';
  /** What the keyboard's Done does besides closing: the field's own Enter (add the person, keep the message). */
  done?(): void;
}

interface KeyboardBinding {
  target: KeyboardTarget | null;
  attach(target: KeyboardTarget): void;
  detach(id: string): void;
  hide(): void;
}

const KeyboardContext = createContext<KeyboardBinding>({
  target: null,
  attach: () => undefined,
  detach: () => undefined,
  hide: () => undefined,
});

export function KeyboardProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<KeyboardTarget | null>(null);
  // Stable callbacks: a field detaches when it unmounts, not each time the target changes.
  const attach = useCallback((t: KeyboardTarget) => setTarget(t), []);
  const detach = useCallback((id: string) => setTarget((t) => (t?.id === id ? null : t)), []);
  const hide = useCallback(() => setTarget(null), []);
  const binding = useMemo<KeyboardBinding>(() => ({ target, attach, detach, hide }), [target, attach, detach, hide]);
  return <KeyboardContext.Provider value={binding}>{children}</KeyboardContext.Provider>;
}

export function useKeyboard(): KeyboardBinding {
  return useContext(KeyboardContext);
}
