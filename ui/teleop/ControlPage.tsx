/**
 * /control, 'Teleop Control': the three velocities with Submit, the presets, the manual/normal toggle that
 * follows the robot's reported mode, and a touch joystick. While the teleop socket is closed the page says so;
 * while another operator drives, it says so and the joystick and presets are off (the mode toggle stays, to try again).
 */
import '../data/area';
import './teleop.css';
import { useState } from 'react';
import { Link } from 'wouter';
import { shallowEqual, useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { stepTyped, type Axis, type TeleopPreset } from '../../core/teleop/velocity';
import { Page } from '../common/Page';
import { BackArrow } from '../common/BackArrow';
import { Joystick } from './Joystick';
import { VelocityField } from './VelocityField';
import { TeleopNotice } from './TeleopNotice';
import { AdjustmentNotes, LastMove, NotSent } from './MoveFeedback';

const PRESETS: TeleopPreset[] = ['forward', 'backward', 'stop', 'placeRotation', 'crabLeft', 'crabRight'];
const FIELDS: Axis[] = ['lvx', 'lvy', 'avz'];
/** A preset's value in brackets, "(x = -0.5)", on a line of its own under the name, never broken across lines. */
function keepValueTogether(label: string) {
  const at = label.lastIndexOf('(');
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <span className="preset-value">{label.slice(at)}</span>
    </>
  );
}

export default function ControlPage() {
  const t = useT();
  const { dispatch } = useActions();
  const { connected, mode, busy } = useCore((s) => ({ connected: s.teleop.connected, mode: s.teleop.mode, busy: s.teleop.busy }), shallowEqual);
  const fieldErrors = useCore((s) => s.teleop.fieldErrors);
  const [typed, setTyped] = useState<Record<Axis, string>>({ lvx: '0', lvy: '0', avz: '0' });
  const errorOf = (axis: Axis) => {
    const e = fieldErrors.find((f) => f.axis === axis);
    return e && t(`teleop.fieldError.${e.reason}`, { typed: e.typed });
  };
  /** Pointer handlers of a hold-to-drive button: the press starts the 10 Hz stream, letting go stops it. */
  const holdToDrive = (press: () => void) => {
    const release = () => dispatch({ type: 'ui/joystickReleased', reason: 'release' });
    return {
      onPointerDown: (e: React.PointerEvent<HTMLButtonElement>) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        press();
      },
      onPointerUp: release,
      onPointerCancel: () => dispatch({ type: 'ui/joystickReleased', reason: 'cancel' }),
      onLostPointerCapture: release,
    };
  };

  return (
    <Page
      className="page-wide teleop-page"
      title={t('teleop.title')}
      lead={<BackArrow label={t('nav.backTo.diagnostic')} to="/diagnostic" />}
      headerAction={
        <div className="teleop-head">
          <Link href="/joints" className="btn btn-ghost">
            {t('teleop.toJoints')}
          </Link>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!connected || mode === null}
            onClick={() => dispatch({ type: 'ui/manualModeToggled' })}
            data-testid="mode-toggle"
          >
            {mode === 'MANUAL' ? t('teleop.toNormal') : t('teleop.toManual')}
          </button>
        </div>
      }
    >
      <TeleopNotice />
      <div className="teleop-grid">
        <form
          className="teleop-form panel"
          aria-label={t('teleop.formLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            // Enter in a field sends one move; the Submit button drives while held.
            dispatch({ type: 'ui/teleopSubmitted', ...typed });
          }}
        >
          {FIELDS.map((axis) => (
            <VelocityField
              key={axis}
              label={t(`teleop.field.${axis}`)}
              value={typed[axis]}
              onChange={(v) => setTyped((old) => ({ ...old, [axis]: v }))}
              onStep={(by) => setTyped((old) => ({ ...old, [axis]: stepTyped(old[axis], by) }))}
              testId={`velocity-${axis}`}
              error={errorOf(axis)}
            />
          ))}
          <p className="teleop-range">{t('teleop.range')}</p>
          <button
            type="button"
            className="btn btn-primary"
            // A keyboard activation (no pointer: detail 0) sends one move; a press drives while held.
            onClick={(e) => {
              if (e.detail === 0) dispatch({ type: 'ui/teleopSubmitted', ...typed });
            }}
            {...holdToDrive(() => dispatch({ type: 'ui/teleopSubmitted', ...typed, hold: true }))}
          >
            {t('teleop.submit')}
          </button>
          {/* What the last Submit or preset did stands under the form, where the eye is after Submit. */}
          <NotSent />
          <LastMove />
          <AdjustmentNotes />
        </form>
        <section className="teleop-presets panel" aria-labelledby="presets-title">
          <h2 id="presets-title">{t('teleop.presetsTitle')}</h2>
          <div className="preset-grid">
            {PRESETS.map((p) => (
              <button
                key={p}
                type="button"
                className={`btn ${p === 'stop' ? 'btn-danger' : 'btn-secondary'} preset`}
                // Another operator drives: the presets are off (the core would send nothing either).
                disabled={busy}
                // A press drives while held; a keyboard activation (no pointer: detail 0) sends one move.
                onClick={(e) => {
                  if (e.detail === 0) dispatch({ type: 'ui/teleopPresetPressed', preset: p });
                }}
                {...holdToDrive(() => dispatch({ type: 'ui/teleopPresetPressed', preset: p, hold: true }))}
                data-testid={`preset-${p}`}
              >
                {keepValueTogether(t(`teleop.preset.${p}`))}
              </button>
            ))}
          </div>
        </section>
        <section className="teleop-stick panel" aria-labelledby="stick-title">
          <h2 id="stick-title">{t('teleop.joystick.title')}</h2>
          <Joystick disabled={!connected || busy} />
        </section>
      </div>
    </Page>
  );
}
