/**
 * Whether a scrolled panel has more below what shows: true while the element `end` (placed after the last
 * content, under a sticky footer) is out of its scroll container's view. Purely visual state, for a scroll cue
 * on the footer: a panel's content that runs on under its sticky buttons has to say so (issue 34).
 */
import { useEffect, useRef, useState } from 'react';

export function useMoreBelow<T extends Element>() {
  const end = useRef<T>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = end.current;
    // jsdom has no IntersectionObserver: without one the panel shows no cue, as when it all fits.
    if (!el || typeof IntersectionObserver !== 'function') return undefined;
    // The implicit root clips the element by every scrolling ancestor, so this is what shows of the panel.
    const observer = new IntersectionObserver((entries) => setMore(!entries[entries.length - 1]?.isIntersecting));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { end, more };
}
