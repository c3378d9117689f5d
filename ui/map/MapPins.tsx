/** Destination pins over the map, in image pixels inside the zoomed layer; Base wears a home icon. */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { metresToImage, type MapFrame } from '../../core/map/geometry';
import { DEFAULT_COLOR } from '../../core/map/mapState';
import { HomeIcon } from '../common/icons';
import { NameText } from '../common/NameText';

export function MapPins({ frame, editable }: { frame: MapFrame; editable: boolean }) {
  const destinations = useCore((s) => s.mapEdit.destinations);
  const { dispatch } = useActions();
  return (
    <>
      {destinations.map((d) => {
        const p = metresToImage(frame, d.x, d.y);
        const style = { left: `${p.px}px`, top: `${p.py}px`, '--pin': d.color ?? DEFAULT_COLOR } as React.CSSProperties;
        const face = (
          <>
            <span className="map-pin-dot">{d.name === 'Base' && <HomeIcon />}</span>
            <NameText name={d.name} inControl className="map-pin-name" />
          </>
        );
        return editable ? (
          <button
            key={d.id}
            type="button"
            className="map-pin"
            style={style}
            onClick={() => dispatch({ type: 'ui/destinationEdited', edit: { op: 'open', id: d.id } })}
            data-testid={`pin-${d.id}`}
          >
            {face}
          </button>
        ) : (
          <span key={d.id} className="map-pin map-pin-static" style={style} data-testid={`pin-${d.id}`}>
            {face}
          </span>
        );
      })}
    </>
  );
}
