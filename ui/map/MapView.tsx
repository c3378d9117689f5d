/**
 * The one map view of every map screen, zoomed and panned with d3-zoom, in three layers:
 * - the picture: canvases at image size whose control the worker holds and fills (src/bridge/mapBitmap.ts), placed and
 *   scaled by a CSS transform, so the compositor shows it and the main thread never rasterises or copies it; of
 *   its levels (the picture and halved copies that keep thin walls) the one that suits the zoom shows;
 * - the overlay: a view-sized canvas with the no-go zones, the chosen spot and a zone's first corner,
 *   redrawn in the frame after the transform or one of those changes, and left out while it has none of them
 *   (a canvas layer is copied to the compositor at every commit, whether it changed or not);
 * - the pins and the robot: elements in a layer under the same transform (a robot that moves is a new
 *   transform on one small element, written without a render: RobotMarker.tsx).
 * A map update (a new version, a new robot pose, the same geometry) renders nothing here.
 * A tap becomes an intent in image pixels through that same transform; the core decides what it means
 * (hit-testing on its own grid).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { shallowEqual, useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { State } from '../../core/state';
import { pictureSource, useMapPictureSize } from '../../src/bridge/mapBitmap';
import { useMapZoom, type MapZoom } from './useMapZoom';
import { drawMap } from './drawMap';
import { zoomPercent } from '../../core/map/zoom';
import { MapPins } from './MapPins';
import { RobotMarker } from './RobotMarker';
import { ZoneDrawing } from './ZoneDrawing';

export interface MapViewProps {
  /** Pins are buttons that open the editor (else they only show). */
  editable?: boolean;
  /** What a tap does instead of a map press (the tracking page opens its panel). */
  onTap?(): void;
  showPins?: boolean;
}

/**
 * The map's geometry as plain numbers: every map update brings a new `origin` object with the same values,
 * which must not count as a change (it would render the view and redraw the overlay once a second).
 */
const geometryOf = (s: State) => ({
  originX: s.map.origin?.x ?? null,
  originY: s.map.origin?.y ?? null,
  resolution: s.map.resolution,
  height: s.map.height,
});

/** Whether the overlay canvas has anything to draw (else it is left out: a canvas costs every frame's commit). */
const hasMarks = (zones: readonly unknown[], corner: unknown, spot: unknown) => zones.length > 0 || corner !== null || spot !== null;

export function MapView({ editable = false, onTap, showPins = true }: MapViewProps) {
  const t = useT();
  const actions = useActions();
  const source = pictureSource(actions);
  const picture = useMapPictureSize(source);
  const geometry = useCore(geometryOf, shallowEqual);
  const frame = useMemo(() => {
    const { originX, originY, resolution, height } = geometry;
    return originX !== null && originY !== null && resolution !== null && height !== null ? { origin: { x: originX, y: originY }, resolution, height } : null;
  }, [geometry]);
  const zones = useCore((s) => s.mapEdit.zones);
  const corner = useCore((s) => s.mapEdit.zoneCorner);
  const spot = useCore((s) => s.mapEdit.relocalize ?? s.mapEdit.editor);
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pictureLayer = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const percent = useRef<HTMLSpanElement>(null);
  const frameRequest = useRef(0);
  /** The layers' transform (and the fit it is a percentage of) as last written. */
  const placed = useRef('');
  /** The scale of the page around the view (CSS transforms of its ancestors), as measured at the last fit. */
  const outerScale = useRef<{ fit: number | null; scale: number }>({ fit: null, scale: 1 });
  const zoomRef = useRef<MapZoom | null>(null);
  const hasPicture = picture !== null;
  const marks = hasMarks(zones, corner, spot);
  const scene = useRef({ hasPicture, frame, zones, corner, spot });
  useEffect(() => {
    scene.current = { hasPicture, frame, zones, corner, spot };
  });

  const draw = useCallback(() => {
    frameRequest.current = 0;
    const w = wrap.current;
    const z = zoomRef.current;
    if (!w || !z) return;
    const tr = z.transform.current;
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (c && ctx) {
      const view = { width: w.clientWidth, height: w.clientHeight };
      const dpr = window.devicePixelRatio || 1;
      if (c.width !== Math.round(view.width * dpr) || c.height !== Math.round(view.height * dpr)) {
        c.width = Math.round(view.width * dpr);
        c.height = Math.round(view.height * dpr);
      }
      const s = scene.current;
      drawMap(ctx, view, tr, { picture: s.hasPicture, frame: s.frame, zones: s.zones, corner: s.corner, spot: s.spot });
    }
    // The picture and the pins only move: a transform for the compositor, nothing to paint. The DOM is written
    // only when the transform changed: a frame for a new spot or zone then needs no style or layout work.
    const place = `translate(${tr.x}px, ${tr.y}px) scale(${tr.k})`;
    const key = `${place} ${z.fit.current}`;
    if (key === placed.current) return;
    placed.current = key;
    // The picture's level follows the zoom on screen (a style change only when it crosses to another level),
    // counting the scale of the page around the view (the replay page shows the kiosk at 0.45), read once a fit.
    if (outerScale.current.fit !== z.fit.current) {
      const width = w.getBoundingClientRect().width;
      outerScale.current = { fit: z.fit.current, scale: w.clientWidth > 0 && width > 0 ? width / w.clientWidth : 1 };
    }
    source.showLevel(tr.k * (window.devicePixelRatio || 1) * outerScale.current.scale);
    if (pictureLayer.current) pictureLayer.current.style.transform = place;
    if (layer.current) {
      layer.current.style.transform = place;
      layer.current.style.setProperty('--unscale', String(1 / tr.k));
    }
    // The transform is visual state; written on the element for tests and benchmarks to read.
    w.dataset.transform = `${tr.k} ${tr.x} ${tr.y}`;
    const shown = `${zoomPercent(tr.k, z.fit.current)}%`;
    if (percent.current && percent.current.textContent !== shown) percent.current.textContent = shown;
  }, [source]);
  const schedule = useCallback(() => {
    if (frameRequest.current === 0) frameRequest.current = requestAnimationFrame(draw);
  }, [draw]);
  /** Set by ZoneDrawing while the zone tool draws with one pointer instead of panning. */
  const drawing = useRef(false);
  const zoom = useMapZoom(wrap, picture, schedule, drawing);
  useEffect(() => {
    zoomRef.current = zoom;
  });

  // Not on every new map version or robot pose: the picture and the robot are not on the overlay.
  useEffect(schedule, [schedule, hasPicture, frame, zones, corner, spot, marks]);
  useEffect(() => () => cancelAnimationFrame(frameRequest.current), []);
  // The version on show, for tests and benchmarks, written without a render (a new version of the same size
  // changes nothing else here). No style depends on the attribute, so writing it needs no frame.
  useLayoutEffect(() => {
    const w = wrap.current;
    if (!w) return undefined;
    w.dataset.mapVersion = '0';
    return source.watch((p) => {
      w.dataset.mapVersion = String(p.version);
    });
  }, [source]);
  // The source's one picture canvas moves into this view while it is mounted (React keeps this div empty).
  useEffect(() => {
    const host = pictureLayer.current;
    if (!host) return undefined;
    const picture = source.surface();
    host.appendChild(picture);
    return () => {
      if (picture.parentNode === host) host.removeChild(picture);
    };
  }, [source]);

  const onClick = (e: React.MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('.map-pin, .map-zoom')) return;
    if (onTap) return onTap();
    const rect = wrap.current?.getBoundingClientRect();
    if (!rect) return;
    const [px, py] = zoom.transform.current.invert([e.clientX - rect.left, e.clientY - rect.top]);
    actions.dispatch({ type: 'ui/mapPressed', px, py });
  };

  return (
    <div className="map-view" ref={wrap} onClick={onClick} data-testid="map-view">
      <div className="map-picture-layer" ref={pictureLayer} role="img" aria-label={t('map.canvasLabel')} />
      {marks && <canvas ref={canvas} className="map-canvas" />}
      <div className="map-layer" ref={layer}>
        {picture && frame && <RobotMarker frame={frame} />}
        {showPins && frame && <MapPins frame={frame} editable={editable} />}
      </div>
      {picture && editable && <ZoneDrawing view={wrap} transform={zoom.transform} drawingRef={drawing} />}
      {!picture && <p className="map-empty">{t('map.noMap')}</p>}
      <div className="map-zoom">
        <button type="button" className="map-zoom-btn" onClick={() => zoom.step(-1)} aria-label={t('map.zoomOut')}>
          −
        </button>
        <span className="map-zoom-value" ref={percent} aria-live="off" data-testid="zoom-percent">
          100%
        </span>
        <button type="button" className="map-zoom-btn" onClick={() => zoom.step(1)} aria-label={t('map.zoomIn')}>
          +
        </button>
      </div>
    </div>
  );
}
