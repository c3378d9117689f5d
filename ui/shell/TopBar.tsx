/** The top bar on every page: logo, one battery icon per battery, the connection state, date and time. */
import { shuttingDown } from '../../core/connection/shutdown';
import { alertType } from '../../core/selectors';
import { robotName } from '../../core/settings/robotName';
import { useActions, useCore, shallowEqual } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { clockText } from './clockText';
import { BatteryIcon } from './BatteryIcon';
import { Logo } from './Logo';
import { MenuIcon } from '../common/icons';

/** `onOpenMenu` adds the side menu's handle at the left. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const t = useT();
  // While the start is still reaching the robot (issue 42), a battery not reported yet is not drawn as '?'.
  const charges = useCore((s) => (s.connection.starting === true ? s.batteries.charges.filter((c) => c !== null) : s.batteries.charges), shallowEqual);
  const now = useCore((s) => s.clock.now);
  // sync, or the shutdown the operator asked for (which is no sync issue), or connected; nothing yet while a
  // start is still reaching the back end and the robot (the 5 s debounce).
  const link = useCore((s) =>
    shuttingDown(s.connection) ? 'shutdown' : alertType(s) === 'sync' ? 'sync' : s.connection.backend && s.connection.robot ? 'ok' : 'starting',
  );
  const offset = useCore((s) => s.clock.tzOffsetMinutes);
  const manual = useCore((s) => s.teleop.mode === 'MANUAL');
  // The robot's own name; the product's until it has one.
  const name = useCore(robotName) ?? t('app.title');
  const { dispatch } = useActions();
  // 0: the time is not known yet (the prerendered first screen, src/prerender.ts): the clock shows blank.
  const { date, time } = now > 0 ? clockText(now, offset, t) : { date: '', time: '' };
  return (
    <header className="topbar">
      <div className="topbar-left">
        {onOpenMenu && (
          <button type="button" className="menu-handle" onClick={onOpenMenu} aria-label={t('menu.open')} data-testid="menu-handle">
            <MenuIcon />
          </button>
        )}
        <Logo name={name} />
      </div>
      <div className="topbar-right">
        {/* Missions wait while the robot is in manual mode: every page says so, and a tap goes to the control page. */}
        {manual && (
          <button type="button" className="manual-badge" onClick={() => dispatch({ type: 'ui/navigated', path: '/control' })} data-testid="manual-badge">
            {t('manual.badge')}
          </button>
        )}
        <span className={`connection ${link === 'ok' ? 'connection-ok' : link === 'starting' ? 'connection-starting' : 'connection-sync'}`} role="status" data-testid="connection">
          {link === 'starting' ? null : t(`topbar.connection.${link}`)}
        </span>
        <ul className="batteries" aria-label={t('topbar.batteries')}>
          {charges.map((charge, i) => (
            <li key={i}>
              <BatteryIcon charge={charge} index={i + 1} />
            </li>
          ))}
        </ul>
        <time className="clock" dateTime={new Date(now).toISOString()} data-testid="clock">
          <span className="clock-date">{date}</span>
          <span className="clock-time">{time}</span>
        </time>
      </div>
    </header>
  );
}
