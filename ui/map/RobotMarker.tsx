/**
 * The robot on the map: a disc with a heading wedge, in the pins' layer (image pixels, under the view's
 * transform), its size on screen constant whatever the zoom (--unscale = 1 / k). An element rather than a
 * drawing on the overlay canvas: a live map moves the robot every update, and moving an element is a
 * transform, where the view-sized canvas would be cleared, redrawn and copied to the compositor each time.
 */
import { metresToImage, type MapFrame } from '../../core/map/geometry';

/** Half the marker's box, px: the wedge's tip reaches 1.9 radii (27 px) from the centre. */
const HALF = 32;
const RADIUS = 14;
// The wedge's back corners sit on the disc, 2.5 rad either side of the heading.
const BACK_X = Math.cos(2.5) * RADIUS;
const BACK_Y = Math.sin(2.5) * RADIUS;

export function RobotMarker({ frame, robot }: { frame: MapFrame; robot: { x: number; y: number; orientation: number } }) {
  const p = metresToImage(frame, robot.x, robot.y);
  // Degrees anticlockwise from east in the map frame; the image's y grows downwards, so CSS turns the other way.
  const transform = `translate(${p.px}px, ${p.py}px) scale(var(--unscale, 1)) rotate(${-robot.orientation}deg) translate(${-HALF}px, ${-HALF}px)`;
  return (
    <svg className="map-robot" style={{ transform }} width={HALF * 2} height={HALF * 2} viewBox={`${-HALF} ${-HALF} ${HALF * 2} ${HALF * 2}`} aria-hidden="true" data-testid="map-robot">
      <circle r={RADIUS} className="map-robot-body" />
      <polygon points={`${RADIUS * 1.9},0 ${BACK_X},${BACK_Y} ${BACK_X},${-BACK_Y}`} className="map-robot-heading" />
    </svg>
  );
}
