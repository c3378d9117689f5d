/**
 * A touch joystick: drag the knob to drive, let go to stop. Up is forward (linear x), left and right turn
 * (angular z, left positive). It reports where it is held; the core streams the moves and stops them. The
 * knob's drawn position is the only state kept here.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';

/** Pad diameter in CSS pixels; the knob travels within the pad's radius minus its own. */
const PAD = 400;
const KNOB = 150;
const TRAVEL = (PAD - KNOB) / 2;

export function Joystick({ disabled }: { disabled: boolean }) {
  const t = useT();
  const { dispatch } = useActions();
  const pad = useRef<HTMLDivElement>(null);
  const [knob, setKnob] = useState<{ x: number; y: number } | null>(null);
  // Pointer up is followed by lost capture: the ref lets only the first of them report the release.
  const held = useRef(false);

  // Out of sight means let go: a hidden page cannot be watched while the robot moves.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        held.current = false;
        setKnob(null);
        dispatch({ type: 'ui/pageHidden' });
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);

  const follow = (e: PointerEvent<HTMLDivElement>) => {
    const box = pad.current?.getBoundingClientRect();
    if (!box) return;
    let x = e.clientX - (box.left + box.width / 2);
    let y = e.clientY - (box.top + box.height / 2);
    const r = Math.hypot(x, y);
    if (r > TRAVEL) {
      x = (x / r) * TRAVEL;
      y = (y / r) * TRAVEL;
    }
    held.current = true;
    setKnob({ x, y });
    // Screen y grows downwards and x to the right; robot x is forward and a left turn is positive.
    dispatch({ type: 'ui/joystickMoved', lvx: -y / TRAVEL || 0, lvy: 0, avz: -x / TRAVEL || 0 });
  };

  const release = (reason: 'release' | 'cancel') => {
    if (!held.current) return;
    held.current = false;
    setKnob(null);
    dispatch({ type: 'ui/joystickReleased', reason });
  };

  // Switched off while held (the socket closed, another operator drives): the core has stopped the stream, so
  // the knob shows at the centre rather than a drive that is not happening.
  const shown = disabled ? null : knob;

  return (
    <div className="joystick-wrap">
      <div
        ref={pad}
        className={`joystick${shown ? ' joystick-held' : ''}${disabled ? ' joystick-disabled' : ''}`}
        style={{ width: PAD, height: PAD }}
        role="application"
        aria-label={t('teleop.joystick.label')}
        aria-disabled={disabled}
        data-testid="joystick"
        onPointerDown={(e) => {
          if (disabled) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          follow(e);
        }}
        onPointerMove={(e) => !disabled && held.current && follow(e)}
        onPointerUp={() => release('release')}
        onPointerCancel={() => release('cancel')}
        onLostPointerCapture={() => release('release')}
      >
        <span className="joystick-axis joystick-axis-v" aria-hidden="true" />
        <span className="joystick-axis joystick-axis-h" aria-hidden="true" />
        <span
          className="joystick-knob"
          aria-hidden="true"
          style={{ width: KNOB, height: KNOB, transform: `translate(${shown?.x ?? 0}px, ${shown?.y ?? 0}px)` }}
        />
      </div>
      <p className="joystick-hint">{t('teleop.joystick.hint')}</p>
    </div>
  );
}
