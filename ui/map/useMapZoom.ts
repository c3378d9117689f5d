/**
 * The map's view transform with d3-zoom: drag pans, pinch zooms about the fingers' midpoint, the wheel and
 * the buttons step by the specification's constants (core/map/zoom.ts). Purely visual state: it lives here,
 * in a ref, and never in the core.
 */
import { useEffect, useRef } from 'react';
import { select } from 'd3-selection';
import { zoom as d3zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import { BUTTON_STEP, fitZoom, stepZoom, WHEEL_STEP, zoomBounds } from '../../core/map/zoom';

export interface MapZoom {
  /** The current transform (image pixels to view pixels), read by the drawing loop. */
  transform: React.RefObject<ZoomTransform>;
  fit: React.RefObject<number | null>;
  /** Zoom in (+1) or out (-1) by one button step about the view's centre. */
  step(direction: 1 | -1): void;
}

/** Pins are buttons: a press on one is theirs, not the start of a pan. */
const fromPin = (e: Event) => e.target instanceof Element && e.target.closest('.map-pin') !== null;

/** How far (CSS px) a press may move and still be a tap rather than a pan or a drag. */
export const TAP_DISTANCE = 8;

/** A gesture of one pointer: a mouse press, or the first finger down (a second one makes it a pinch). */
const onePointer = (e: Event) => e.type === 'mousedown' || (e.type === 'touchstart' && (e as TouchEvent).touches.length < 2);

/**
 * Attaches d3-zoom to `element` for an image of `size`. `onChange` runs on every transform change (schedule a
 * redraw there). The view is fitted again when the image's size changes, and kept while it stays the same
 * (a live map grows in place). While `drawing` is set, one pointer draws (ZoneDrawing.tsx) instead of
 * panning; two fingers still pinch, and the wheel and the buttons still zoom.
 */
export function useMapZoom(
  element: React.RefObject<HTMLElement | null>,
  size: { width: number; height: number } | null,
  onChange: () => void,
  drawing?: React.RefObject<boolean>,
): MapZoom {
  const transform = useRef<ZoomTransform>(zoomIdentity);
  const fit = useRef<number | null>(null);
  const behaviour = useRef<ZoomBehavior<HTMLElement, unknown> | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const el = element.current;
    if (!el) return undefined;
    const z = d3zoom<HTMLElement, unknown>()
      // The wheel is handled below (additive steps); pins keep their presses.
      .filter((e: Event) => e.type !== 'wheel' && !fromPin(e) && !(e as MouseEvent).button && !(drawing?.current && onePointer(e)))
      // The kiosk is a touch screen: listen to touches even where the browser does not announce touch points.
      .touchable(true)
      .clickDistance(TAP_DISTANCE)
      .on('zoom', (e: { transform: ZoomTransform }) => {
        transform.current = e.transform;
        changed.current();
      });
    behaviour.current = z;
    const sel = select(el);
    // No double-tap zoom: zoom moves by the specification's steps only, and a second tap is a tap.
    sel.call(z).on('dblclick.zoom', null);
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const k = stepZoom(transform.current.k, fit.current, WHEEL_STEP, e.deltaY < 0 ? 1 : -1);
      z.scaleTo(sel, k, [e.clientX - rect.left, e.clientY - rect.top]);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
      sel.on('.zoom', null);
      behaviour.current = null;
    };
  }, [element, drawing]);

  const width = size?.width ?? 0;
  const height = size?.height ?? 0;
  useEffect(() => {
    const el = element.current;
    const z = behaviour.current;
    if (!el || !z) return undefined;
    const refit = () => {
      const view = { width: el.clientWidth, height: el.clientHeight };
      if (!width || !height || !view.width || !view.height) {
        fit.current = null;
        z.scaleExtent(zoomBounds(null));
        return;
      }
      const f = fitZoom(view, { width, height });
      fit.current = f;
      z.scaleExtent(zoomBounds(f))
        .extent([[0, 0], [view.width, view.height]])
        .translateExtent([[0, 0], [width, height]]);
      const t = zoomIdentity.translate((view.width - width * f) / 2, (view.height - height * f) / 2).scale(f);
      z.transform(select(el), t);
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [element, width, height]);

  const step = (direction: 1 | -1) => {
    const el = element.current;
    const z = behaviour.current;
    if (!el || !z) return;
    z.scaleTo(select(el), stepZoom(transform.current.k, fit.current, BUTTON_STEP, direction));
  };

  return { transform, fit, step };
}
