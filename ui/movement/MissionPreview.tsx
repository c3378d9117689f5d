/**
 * /movement/{id} for a mission that is not the robot's current one, opened from its row: its waiting state
 * (spec 2.4 "My next destination will be ...", the info panel), what it waits for or how it last ended, and
 * Run again. It stays: only a reload of such a page returns to /missions (core/missions/movementLoad.ts).
 */
import { useActions, useCore, shallowEqual } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { missionPreviewView } from '../../core/movement/view';
import { canRunAgain } from '../../core/missions/rowStatus';
import { RobotFace } from '../common/RobotFace';
import { nameSlot, TextWithName } from '../common/TextWithName';
import { RunStatus } from '../missions/RunStatus';
import { InfoRow } from './InfoRow';

export function MissionPreview({ id }: { id: number }) {
  const t = useT();
  const { dispatch } = useActions();
  const anyone = t('missions.anyone');
  const view = useCore((s) => missionPreviewView(s, id, anyone), shallowEqual);
  const again = useCore((s) => canRunAgain(s, id));
  if (!view.known)
    return (
      <p className="form-error movement-error" role="alert" data-testid="movement-error">
        {t('movement.error.definitionNotFound')}
      </p>
    );
  return (
    <>
      <div className="movement-stage">
        <RobotFace />
        <div className="movement-main">
          <p className="movement-big" role="status">
            <TextWithName text={t('movement.waiting', { destination: nameSlot(0), recipients: nameSlot(1) })} names={[view.destination, view.recipients]} lines={2} />
          </p>
          <div className="movement-preview-status">
            <RunStatus id={id} className="movement-preview-badge" />
            {again && (
              <button type="button" className="btn btn-primary btn-large" onClick={() => dispatch({ type: 'ui/runAgainPressed', id })} data-testid="run-again">
                {t('missions.runAgain')}
              </button>
            )}
          </div>
        </div>
      </div>
      <dl className="movement-info" data-testid="movement-info">
        {view.missionName && <InfoRow label={t('movement.missionName')} name={view.missionName} />}
        <InfoRow label={t('movement.direction')} name={view.destination} />
        <InfoRow label={t('movement.to')} name={view.recipients} />
      </dl>
    </>
  );
}
