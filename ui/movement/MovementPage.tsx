/**
 * /movement/{id} (spec 2.4): what the robot is doing on its mission, the arrival tasks, and pause, resume and
 * stop. Open without a login: at a destination the recipient reads the message and takes the objects.
 */
import { useActions, useCore, shallowEqual } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Busy } from '../common/Busy';
import { RobotFace } from '../common/RobotFace';
import { Dialog } from '../common/Dialog';
import { MessageTask } from './MessageTask';
import { ObjectsTask } from './ObjectsTask';
import { PauseDialogs } from './PauseDialogs';
import { InfoRow } from './InfoRow';
import { failReasonText } from './failReason';
import { MissionPreview } from './MissionPreview';
import { ChargingPanel } from './ChargingPanel';
import { QueuedCharge } from '../missions/QueuedCharge';
import { movementView } from '../../core/movement/view';
import { nameSlot, TextWithName } from '../common/TextWithName';

const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
    <rect x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />
    <rect x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />
  </svg>
);

export function MovementPage() {
  const t = useT();
  const { dispatch } = useActions();
  const m = useCore((s) => s.movement);
  const anyone = t('missions.anyone');
  const base = t('movement.base');
  const view = useCore((s) => movementView(s, { anyone, base }), shallowEqual);
  const activity = t(`missions.activityLower.${view.activity}`);
  // Both forms: a language that needs the article with the noun ('il ritiro', 'la consegna') takes theActivity.
  const theActivity = t(`missions.activityThe.${view.activity}`);
  let main: React.ReactNode = null;
  switch (m.state) {
    case 'departing':
      main = (
        <div className="movement-departing">
          <span className="movement-countdown-label">{t('movement.countdownLabel')}</span>
          <span className="movement-countdown" data-testid="countdown">
            {t('movement.countdown', { m: view.countdownMinutes, ss: view.countdownSeconds })}
          </span>
          <span className="movement-hint">{t('movement.stopHint')}</span>
        </div>
      );
      break;
    case 'moving':
      main = (
        <div className="movement-moving" role="status">
          <span className="movement-progress" aria-hidden="true" />
          <p className="movement-big">{t('movement.moving')}</p>
        </div>
      );
      break;
    case 'arriving':
      main = <p className="movement-big" role="status">{t('movement.hereIAm')}</p>;
      break;
    case 'waitingForInstructions':
      main = (
        <p className="movement-big" role="status">
          <TextWithName text={t('movement.waiting', { destination: nameSlot(0), recipients: nameSlot(1) })} names={[view.nextDestination, view.nextRecipients]} lines={2} />
        </p>
      );
      break;
    case 'inActivity':
      // A charging mission has no task at Base: it says it is charging.
      main = view.chargingAtBase ? (
        <ChargingPanel />
      ) : (
        <div className="movement-activity">
          <p className="movement-big">
            <TextWithName text={t('movement.activityText', { recipient: nameSlot(0), activity, theActivity })} names={[view.to]} lines={2} />
          </p>
          <button type="button" className="btn btn-primary btn-large" onClick={() => dispatch({ type: 'ui/activityManaged' })} data-testid="manage">
            {t('movement.manage', { activity, theActivity })}
          </button>
        </div>
      );
      break;
    case 'inMessage':
      main = <MessageTask />;
      break;
    case 'inDelivery':
    case 'inPickup':
      main = <ObjectsTask key={`${m.stepIndex}-${m.activityIndex}-${m.state}`} kind={m.state} />;
      break;
    case 'noMission':
      main = view.loading ? <Busy active label={t('movement.loading')} /> : <p className="movement-big">{t('movement.noMission')}</p>;
      break;
    case 'failed':
      main = null;
      break;
  }
  // Opened from its row, a mission that is not the robot's current one shows its waiting state.
  if (view.previewId !== null)
    return (
      <section className="movement" aria-labelledby="movement-title" data-state="preview">
        <h1 id="movement-title" className="sr-only">
          {t('movement.missionName')}
        </h1>
        <QueuedCharge />
        <MissionPreview id={view.previewId} />
      </section>
    );
  return (
    <section className="movement" aria-labelledby="movement-title" data-state={m.state}>
      <h1 id="movement-title" className="sr-only">
        {view.title || t('movement.missionName')}
      </h1>
      {m.error && (
        <p className="form-error movement-error" role="alert" data-testid="movement-error">
          {t(`movement.error.${m.error}`)}
        </p>
      )}
      <QueuedCharge />
      <div className="movement-stage">
        <RobotFace />
        <div className="movement-main">{main}</div>
      </div>
      {/* Only with a known definition: empty DIRECTION and TO would say nothing. */}
      {view.showsInfo && (
        <dl className="movement-info" data-testid="movement-info">
          {view.missionName && <InfoRow label={t('movement.missionName')} name={view.missionName} />}
          <InfoRow label={t('movement.direction')} name={view.direction} />
          {/* A charging mission is for no one. */}
          {!view.charging && <InfoRow label={t('movement.to')} name={view.to} />}
        </dl>
      )}
      {/* 'Press anywhere on the screen': during the departure the whole page is one button. */}
      {view.tapToStop && (
        <button type="button" className="movement-tap" aria-label={t('movement.stopHint')} onClick={() => dispatch({ type: 'ui/movementTapped' })} data-testid="movement-tap" />
      )}
      {/* A robot on its way can always be paused from its screen (issue 18); the pause dialog follows. */}
      {view.pausable && (
        <button type="button" className="btn btn-large movement-pause" onClick={() => dispatch({ type: 'ui/movementPausePressed' })} data-testid="movement-pause">
          <PauseIcon />
          {t('movement.pause')}
        </button>
      )}
      <PauseDialogs missionName={view.title} />
      {m.state === 'failed' && (
        <Dialog
          title={t('movement.failedTitle')}
          body={
            <>
              {t('movement.failedBody')}
              {m.failReason && (
                <span className="movement-fail-reason" data-testid="fail-reason">
                  {t('movement.failedReason', { reason: failReasonText(m.failReason, t) })}
                </span>
              )}
            </>
          }
          tone="danger"
          testId="mission-failed"
        >
          <button type="button" className="btn btn-primary" autoFocus onClick={() => dispatch({ type: 'ui/movementCancelled' })}>
            {t('movement.ok')}
          </button>
        </Dialog>
      )}
    </section>
  );
}
