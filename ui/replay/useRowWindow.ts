/**
 * The geometry of a virtualised list of fixed-height rows that may hold millions: which rows a scroll position
 * shows, and where each is drawn. Browsers cap an element's height (Chromium near 33 million px; a day's log is
 * a million events, 66 million px of rows), so past `MAX_SCROLL_PX` the scroll range stands for the rows
 * proportionally instead of one pixel for one pixel. Pure, apart from the hook that tracks the scroll.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Well under every browser's cap on an element's height (Firefox's is near 17.9 million px). */
export const MAX_SCROLL_PX = 8_000_000;

export interface RowGeometry {
  /** The scroller's content height. */
  height: number;
  /** The row at the top edge, with its fraction: 12.5 when half of row 12 has scrolled away. */
  top: number;
}

/** The content height and the row at the top for a scroll offset, `total` rows of `rowPx` in a `viewPx` view. */
export function rowGeometry(total: number, rowPx: number, viewPx: number, scrollTop: number): RowGeometry {
  const whole = total * rowPx;
  if (whole <= MAX_SCROLL_PX) return { height: whole, top: scrollTop / rowPx };
  const rowsOff = Math.max(0, total - viewPx / rowPx);
  const range = Math.max(1, MAX_SCROLL_PX - viewPx);
  return { height: MAX_SCROLL_PX, top: (Math.min(scrollTop, range) / range) * rowsOff };
}

/** The scroll offset that shows row `index` in the middle of the view. */
export function scrollFor(index: number, total: number, rowPx: number, viewPx: number): number {
  const whole = total * rowPx;
  const wanted = index * rowPx - (viewPx - rowPx) / 2;
  if (whole <= MAX_SCROLL_PX) return Math.max(0, wanted);
  const rowsOff = Math.max(1, total - viewPx / rowPx);
  return Math.max(0, (wanted / rowPx / rowsOff) * (MAX_SCROLL_PX - viewPx));
}

/**
 * The scroller's offset and height as they change (the list's purely visual state). `measure` takes the scroller
 * on each scroll; its height is observed (a browser reports it once at the start, then on each resize).
 */
export function useScrollView(scroller: RefObject<HTMLElement | null>): { scrollTop: number; viewPx: number; measure(el: HTMLElement): void } {
  const [view, setView] = useState({ scrollTop: 0, viewPx: 0 });
  const measure = useCallback((el: HTMLElement) => {
    setView((v) => (v.scrollTop === el.scrollTop && v.viewPx === el.clientHeight ? v : { scrollTop: el.scrollTop, viewPx: el.clientHeight }));
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => measure(el));
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, scroller]);
  return { ...view, measure };
}
