/**
 * The on-screen keyboard's place in the shell. Its keys load with a chunk of their own: the first screen has no
 * text field, so they stay out of its budget, and the shell fetches them soon after start (ui/Shell.tsx), well
 * before a person's first tap on a field.
 */
import { lazy, Suspense } from 'react';
import { useKeyboard } from './KeyboardContext';

export const loadKeyboard = () => import('./OnScreenKeyboard');
const OnScreenKeyboard = lazy(() => loadKeyboard().then((m) => ({ default: m.OnScreenKeyboard })));

export function KeyboardDock() {
  const { target } = useKeyboard();
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <OnScreenKeyboard />
    </Suspense>
  );
}
