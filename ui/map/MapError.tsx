/** The last failed call of a map screen, said in words (what failed, and the back end's reason). */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';

export function MapError() {
  const t = useT();
  const error = useCore((s) => s.mapEdit.error);
  if (!error) return null;
  return (
    <p className="form-error map-error" role="alert" data-testid="map-error">
      {t(`map.error.${error.what}`, { reason: error.message })}
    </p>
  );
}
