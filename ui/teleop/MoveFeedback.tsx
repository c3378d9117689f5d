/** What the last move was (sent or refused) and why a typed value was changed before it was sent. */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { useFormat } from '../common/format';

export function LastMove() {
  const t = useT();
  const f = useFormat();
  const fmt = (n: number) => f.number(n, 2);
  const last = useCore((s) => s.teleop.lastMove);
  if (!last) return <p className="last-move" aria-live="polite" />;
  const values = { x: fmt(last.velocity.lvx), y: fmt(last.velocity.lvy), z: fmt(last.velocity.avz) };
  // Refused by the back end (another operator drives): it went out but never reached the wheels.
  const reached = last.sent && !last.busy;
  const text = reached ? t('teleop.sent', values) : last.sent ? t('teleop.refusedBusy', values) : t('teleop.refused', values);
  return (
    <p className={`last-move${reached ? '' : ' form-error'}`} aria-live="polite" data-testid="last-move">
      {text}
    </p>
  );
}

/** After a refused Submit: nothing went to the robot (each refused field says why under itself). */
export function NotSent() {
  const t = useT();
  const refused = useCore((s) => s.teleop.fieldErrors.length > 0);
  if (!refused) return null;
  return (
    <p className="form-error" role="alert" data-testid="teleop-not-sent">
      {t('teleop.notSent')}
    </p>
  );
}

export function AdjustmentNotes() {
  const t = useT();
  const f = useFormat();
  const fmt = (n: number) => f.number(n, 2);
  const adjustments = useCore((s) => s.teleop.adjustments);
  if (adjustments.length === 0) return null;
  return (
    <div role="status" data-testid="adjustments">
      <ul className="adjustments">
        {adjustments.map((a) => (
          <li key={a.axis}>{t(`teleop.adjusted.${a.reason}`, { name: t(`teleop.field.${a.axis}`), typed: a.typed, used: fmt(a.used) })}</li>
        ))}
      </ul>
    </div>
  );
}
