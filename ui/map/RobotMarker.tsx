/**
 * The robot on the map: a disc with a heading wedge, in the pins' layer (image pixels, under the view's
 * transform), its size on screen constant whatever the zoom (--unscale = 1 / k). An element rather than a
 * drawing on the overlay canvas: a live map moves the robot every update, and moving an element is a
 * transform, where the view-sized canvas would be cleared, redrawn and copied to the compositor each time.
 *
 * The pose is followed without rendering (useCoreListener): a map update moves the robot once a second while
 * mapping, and writing one transform is all that move needs; a render of the component (or of the map view
 * around it) per update was most of the main thread's work for it. What is left is the frame that shows the
 * move (about 1 ms of main-thread CPU in traces, see bench/README.md at f0de46c).
 */
import { useCallback, useRef } from 'react';
import { useCoreListener } from '../../src/bridge/useCoreListener';
import { metresToImage, type MapFrame } from '../../core/map/geometry';
import type { State } from '../../core/state';

/** Half the marker's box, px: the wedge's tip reaches 1.9 radii (27 px) from the centre. */
const HALF = 32;
const RADIUS = 14;
// The wedge's back corners sit on the disc, 2.5 rad either side of the heading.
const BACK_X = Math.cos(2.5) * RADIUS;
const BACK_Y = Math.sin(2.5) * RADIUS;

type Pose = State['map']['robot'];
const robotPose = (s: State): Pose => s.map.robot;

/** The marker's CSS transform for a pose on a map frame. Pure. */
export function robotTransform(frame: MapFrame, robot: NonNullable<Pose>): string {
  const p = metresToImage(frame, robot.x, robot.y);
  // Degrees anticlockwise from east in the map frame; the image's y grows downwards, so CSS turns the other way.
  return `translate(${p.px}px, ${p.py}px) scale(var(--unscale, 1)) rotate(${-robot.orientation}deg) translate(${-HALF}px, ${-HALF}px)`;
}

/** The robot at its pose on `frame`; hidden while the state has no pose. */
export function RobotMarker({ frame }: { frame: MapFrame }) {
  const marker = useRef<HTMLDivElement>(null);
  const place = useCallback(
    (robot: Pose) => {
      const el = marker.current;
      if (!el) return;
      // Only what changed is written: an unchanged `display` would still be a style change to process.
      if (el.hidden !== !robot) el.hidden = !robot;
      if (robot) el.style.transform = robotTransform(frame, robot);
    },
    [frame],
  );
  useCoreListener(robotPose, place);
  // An HTML box moves (its own compositor layer, map.css) and the drawing inside it stays as it is; `hidden`
  // hides it while there is no pose.
  return (
    <div ref={marker} className="map-robot" aria-hidden="true" data-testid="map-robot">
      <svg width={HALF * 2} height={HALF * 2} viewBox={`${-HALF} ${-HALF} ${HALF * 2} ${HALF * 2}`}>
        <circle r={RADIUS} className="map-robot-body" />
        <polygon points={`${RADIUS * 1.9},0 ${BACK_X},${BACK_Y} ${BACK_X},${-BACK_Y}`} className="map-robot-heading" />
      </svg>
    </div>
  );
}
