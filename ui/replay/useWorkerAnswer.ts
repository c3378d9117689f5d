/**
 * A replay worker's answer to a question that depends on the page's inputs (the moment at the cursor, two
 * marks), asked again when they change. While scrubbing, it asks at most every `REFRESH_MS` (a panel is for
 * reading, not for every frame), and an answer to an older question is dropped.
 */
import { useEffect, useState } from 'react';

const REFRESH_MS = 80;

/** `undefined` until the first answer; `ask` null when there is nothing to ask (no worker, no mark). */
export function useWorkerAnswer<T>(ask: (() => Promise<T>) | null, inputs: readonly unknown[]): T | undefined {
  const [answer, setAnswer] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!ask) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      void ask().then((a) => live && setAnswer(() => a));
    }, REFRESH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `ask` is a new closure each render; the question is what `inputs` say.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, inputs);
  return answer;
}
