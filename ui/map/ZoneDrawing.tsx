/**
 * Drawing a no-go zone by dragging (issue 18). With the zone tool on /map, press, drag and release draw the
 * zone from the press to the release; a press that moves less than a tap's slop stays a tap (MapView's click:
 * a corner of two presses). While the pointer moves, the zone it would make shows over the map with its size
 * in metres: the core's own rectangle (zoneDraft), so what shows is what the release creates.
 *
 * One pointer draws instead of panning (`drawingRef` tells useMapZoom to leave it alone); a second finger cancels
 * the drag and pinches as usual. The drag itself is visual state: only its release reaches the core.
 */
import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';
import type { ZoomTransform } from 'd3-zoom';
import { shallowEqual, useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { useFormat } from '../common/format';
import type { State } from '../../core/state';
import { drawsZones, zoneDraft, type ImagePoint, type ZoneMap } from '../../core/map/zoneDraw';
import { TAP_DISTANCE } from './useMapZoom';

export interface ZoneDrawingProps {
  view: RefObject<HTMLDivElement | null>;
  transform: RefObject<ZoomTransform>;
  /** Set while the zone tool draws: the view's zoom then leaves one-pointer gestures to this. */
  drawingRef: MutableRefObject<boolean>;
}

const zoneMapOf = (s: State) => ({
  width: s.map.width,
  height: s.map.height,
  resolution: s.map.resolution,
  originX: s.map.origin?.x ?? null,
  originY: s.map.origin?.y ?? null,
});

/** Presses on these are theirs (a pin opens its destination, the zoom buttons zoom). */
const ownTarget = (e: Event) => e.target instanceof Element && e.target.closest('.map-pin, .map-zoom') !== null;

/** The height (CSS px) the size label needs above a zone. */
const LABEL_ROOM = 56;

interface Drag {
  pointer: number;
  start: { x: number; y: number };
  from: ImagePoint;
  moved: boolean;
}

export function ZoneDrawing({ view, transform, drawingRef }: ZoneDrawingProps) {
  const t = useT();
  const format = useFormat();
  const { dispatch } = useActions();
  const active = useCore(drawsZones);
  const raw = useCore(zoneMapOf, shallowEqual);
  const [draft, setDraft] = useState<ReturnType<typeof zoneDraft>>(null);
  const map = useRef<ZoneMap | null>(null);
  useEffect(() => {
    const { width, height, resolution, originX, originY } = raw;
    map.current = width && height && resolution && originX !== null && originY !== null ? { width, height, resolution, origin: { x: originX, y: originY } } : null;
  }, [raw]);

  useEffect(() => {
    drawingRef.current = active;
    const el = view.current;
    if (!active || !el) return undefined;
    let drag: Drag | null = null;
    /** A drag's release is followed by a click on the view (mouse): it is not a press of its own. */
    let swallowClick = false;
    const imagePoint = (e: PointerEvent): ImagePoint => {
      const rect = el.getBoundingClientRect();
      const [px, py] = transform.current.invert([e.clientX - rect.left, e.clientY - rect.top]);
      return { px, py };
    };
    const cancel = () => {
      drag = null;
      setDraft(null);
    };
    const down = (e: PointerEvent) => {
      swallowClick = false;
      // A second finger: the person pinches, not draws.
      if (!e.isPrimary || drag) return cancel();
      if (e.button !== 0 || ownTarget(e)) return;
      drag = { pointer: e.pointerId, start: { x: e.clientX, y: e.clientY }, from: imagePoint(e), moved: false };
    };
    const move = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointer || !map.current) return;
      if (!drag.moved && Math.hypot(e.clientX - drag.start.x, e.clientY - drag.start.y) < TAP_DISTANCE) return;
      if (!drag.moved) {
        drag.moved = true;
        // Keep the moves and the release when the pointer leaves the view (a mouse crossing into the sidebar).
        // Only once it is a drag: a captured touch makes no click, and a tap must stay a tap.
        try {
          el.setPointerCapture(e.pointerId);
        } catch {
          // The pointer is no longer down: its release has been seen already.
        }
      }
      setDraft(zoneDraft(map.current, drag.from, imagePoint(e)));
    };
    const up = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointer) return;
      const { from, moved } = drag;
      cancel();
      if (!moved) return; // a tap: the click that follows is the press
      swallowClick = true;
      const to = imagePoint(e);
      dispatch({ type: 'ui/mapPressed', px: to.px, py: to.py, from });
    };
    const click = (e: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', cancel);
    // Capture, on the view itself: before React's click handler (at the root) ever sees it.
    el.addEventListener('click', click, true);
    return () => {
      drawingRef.current = false;
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', cancel);
      el.removeEventListener('click', click, true);
      setDraft(null);
    };
  }, [active, view, transform, drawingRef, dispatch]);

  if (!draft) return null;
  const tr = transform.current;
  const { rect, metres } = draft;
  const top = tr.applyY(rect.y);
  const style = { left: `${tr.applyX(rect.x)}px`, top: `${top}px`, width: `${rect.width * tr.k}px`, height: `${rect.height * tr.k}px` };
  // Near the view's top edge the size goes under the zone, where it is not cut off.
  const label = top < LABEL_ROOM ? 'zone-draft zone-draft-low' : 'zone-draft';
  return (
    <div className={label} style={style} data-testid="zone-draft">
      <span className="zone-draft-size">{t('map.zones.draft', { width: format.number(metres.width), height: format.number(metres.height) })}</span>
    </div>
  );
}
