/**
 * The log's span as a zoomable strip: one lane per marker kind (operator, alert, movement, map, route,
 * connection, rejected), the cursor, and dragging anywhere on it to scrub. Markers are drawn at most one per column and lane, so a
 * day with thousands of them stays cheap to paint. The lanes' names stand in a column of their own beside the
 * strip, so no marker is ever painted over them. While the log is still being indexed, the part not yet read is
 * shaded and a touch there goes to the last indexed moment.
 */
import { useMemo, useRef, type PointerEvent, type ReactNode } from 'react';
import { useT } from '../../src/i18n';
import type { TimelineEntry } from '../../core/log/timeline';
import type { ReplayInfo } from '../../worker/replayApi';
import { momentText } from './strings';
import { ReportMarker } from './ReportMarker';
import type { ReportPin, View } from './replayTypes';

export type { View };

/** The operator's actions first: "what did the operator tap before X" reads down from the top lane. */
export const KINDS: TimelineEntry['kind'][] = ['operator', 'alert', 'movement', 'map', 'route', 'connection', 'rejected'];
/** Columns markers are gathered into: about one per 4 px of the strip. */
const COLUMNS = 400;

interface Props {
  info: ReplayInfo;
  markers: readonly TimelineEntry[];
  view: View;
  position: number;
  /** The clip range being chosen, shaded on the strip. */
  clip: View | null;
  /** A moment touched or dragged to (playback stops while a finger is on the strip). */
  onSeek(at: number): void;
  onView(view: View): void;
  /** More controls for the row above the strip (the clip bar). */
  children?: ReactNode;
  /** While indexing, the last moment indexed so far; null once the whole log is. */
  indexedTo?: number | null;
  /** A problem report's moment, flagged with its note (the open log is the report's clip). */
  pin?: ReportPin | null;
}

export function Timeline({ info, markers, view, position, clip, onSeek, onView, children, indexedTo = null, pin = null }: Props) {
  const t = useT();
  const strip = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const span = view.to - view.from;
  const columns = useMemo(() => markerColumns(markers, view), [markers, view]);
  const first = info.first ?? view.from;
  // A report's moment, flagged, may come a little after the clip's last event.
  const last = Math.max(info.last ?? view.to, pin?.at ?? Number.NEGATIVE_INFINITY);

  const timeAt = (clientX: number) => {
    const box = strip.current!.getBoundingClientRect();
    const x = Math.min(1, Math.max(0, (clientX - box.left) / box.width));
    return Math.round(view.from + x * span);
  };
  const down = (e: PointerEvent) => {
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
    onSeek(timeAt(e.clientX));
  };
  const move = (e: PointerEvent) => {
    if (dragging.current) onSeek(timeAt(e.clientX));
  };
  const zoom = (factor: number) => {
    const half = Math.max(1_000, (span * factor) / 2);
    const from = Math.max(first, position - half);
    const to = Math.min(last, from + half * 2);
    onView({ from: Math.max(first, to - half * 2), to });
  };
  const cursor = ((position - view.from) / span) * 100;

  return (
    <div className="replay-timeline">
      <div className="replay-zoom">
        <button type="button" className="btn btn-ghost" onClick={() => zoom(0.25)}>{t('replay.zoomIn')}</button>
        <button type="button" className="btn btn-ghost" onClick={() => zoom(4)}>{t('replay.zoomOut')}</button>
        <button type="button" className="btn btn-ghost" onClick={() => onView({ from: first, to: Math.max(last, first + 1) })}>{t('replay.zoomAll')}</button>
        {children}
      </div>
      <div className="replay-lanes">
      <div className="replay-lane-names" aria-hidden="true">
        {KINDS.map((kind) => (
          <span key={kind} className="replay-lane-name">
            {t(`replay.kind.${kind}`)}
          </span>
        ))}
      </div>
      <div
        ref={strip}
        className="replay-strip"
        role="slider"
        tabIndex={0}
        aria-label={t('replay.position')}
        aria-valuemin={view.from}
        aria-valuemax={view.to}
        aria-valuenow={position}
        aria-valuetext={momentText(position)}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
      >
        {KINDS.map((kind) => (
          <div key={kind} className={`replay-lane replay-lane-${kind}`} data-kind={kind}>
            {columns[kind].map((column) => (
              <i key={column} className="replay-marker" style={{ left: `${(column / COLUMNS) * 100}%` }} />
            ))}
          </div>
        ))}
        {clip && <div className="replay-clip-band" data-testid="replay-clip-band" style={band(clip, view)} />}
        {indexedTo !== null && indexedTo < view.to && (
          <div className="replay-unindexed" data-testid="replay-unindexed" style={{ left: `${Math.max(0, ((indexedTo - view.from) / span) * 100)}%` }} />
        )}
        {pin && <ReportMarker pin={pin} view={view} />}
        {cursor >= 0 && cursor <= 100 && <div className="replay-cursor" style={{ left: `${cursor}%` }} />}
      </div>
      </div>
    </div>
  );
}

/** For each kind, the columns of the view that hold at least one marker. */
function markerColumns(markers: readonly TimelineEntry[], view: View): Record<TimelineEntry['kind'], number[]> {
  const out = Object.fromEntries(KINDS.map((k) => [k, new Set<number>()])) as Record<TimelineEntry['kind'], Set<number>>;
  const span = view.to - view.from;
  for (const m of markers) {
    if (m.at < view.from || m.at > view.to) continue;
    out[m.kind].add(Math.min(COLUMNS - 1, Math.floor(((m.at - view.from) / span) * COLUMNS)));
  }
  return Object.fromEntries(KINDS.map((k) => [k, [...out[k]]])) as Record<TimelineEntry['kind'], number[]>;
}

/** The clip range's place on the strip, clipped to the view. */
function band(clip: View, view: View): { left: string; width: string } {
  const span = view.to - view.from;
  const a = Math.max(0, (clip.from - view.from) / span);
  const b = Math.min(1, (clip.to - view.from) / span);
  return { left: `${a * 100}%`, width: `${Math.max(0, b - a) * 100}%` };
}
