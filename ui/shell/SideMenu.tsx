/**
 * The side menu: 'You and Node' (Home, Map Management), Diagnostic, Missions Data, Settings, 'Report a problem'
 * (logged in only: the report's call needs the session), Log out (when logged in), Power Off, and the administrator
 * at the foot. A touch outside closes it; so does navigating (the shell closes it on a route change).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { reaches } from '../../core/route/access';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Avatar } from '../common/Avatar';
import { NameText } from '../common/NameText';
import { nameSlot, TextWithName, withNames } from '../common/TextWithName';
import { useRobotName } from '../common/useRobotName';
import { CloseIcon, FlagIcon, GearIcon, HomeIcon, LogoutIcon, MapIcon, PowerIcon, PulseIcon, TableIcon } from '../common/icons';
import { Logo } from './Logo';
import { PowerOffDialog } from './PowerOffDialog';
import { ReportDialog } from './ReportDialog';

/**
 * A page of the menu. One the guards would not show (logged out, or the setup unfinished) is offered disabled,
 * never as a link to a login wall or to the dashboard before the first access and the terms (issue 34).
 */
function Item({ href, icon, label, onGo }: { href: string; icon: ReactNode; label: string; onGo(): void }) {
  const path = useCore((s) => s.route.path);
  const open = useCore((s) => reaches(s, href));
  if (!open) {
    return (
      <li>
        <button type="button" className="menu-item menu-item-locked" disabled>
          {icon}
          <span>{label}</span>
        </button>
      </li>
    );
  }
  return (
    <li>
      <Link href={href} className="menu-item" aria-current={path === href ? 'page' : undefined} onClick={onGo}>
        {icon}
        <span>{label}</span>
      </Link>
    </li>
  );
}

export function SideMenu({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const { dispatch } = useActions();
  const admin = useCore((s) => s.settings.data?.admin_name ?? null);
  // The logo's /mission is the missions list (an unknown path's redirect).
  const missionsOpen = useCore((s) => reaches(s, '/missions'));
  const loggedIn = useCore((s) => s.session.login);
  const robot = useRobotName();
  const group = t('menu.group', { robot: nameSlot(0) });
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  if (!open) return null;
  return (
    <>
      <div className="menu-backdrop" onClick={onClose} data-testid="menu-backdrop" />
      <nav className="side-menu" aria-label={t('menu.label')} data-testid="side-menu">
        <div className="side-menu-head">
          {/* The spec's logo link points at /mission, which the core redirects to the missions list. */}
          {missionsOpen ? (
            <Link href="/mission" className="menu-logo" aria-label={t('menu.logo', { robot })} onClick={onClose}>
              <Logo name={robot} size={52} />
            </Link>
          ) : (
            <span className="menu-logo">
              <Logo name={robot} size={52} />
            </span>
          )}
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('menu.close')}>
            <CloseIcon />
          </button>
        </div>
        {!missionsOpen && (
          <p className="menu-locked-note" data-testid="menu-locked-note">
            {t('menu.needsLogin')}
          </p>
        )}
        <p className="menu-group-title" id="menu-group">
          <TextWithName text={group} names={[robot]} lines={2} />
        </p>
        {/* Labelled by the plain text: a browser reads spaces round the name's box in the title. */}
        <ul className="menu-list" aria-label={withNames(group, [robot])}>
          <Item href="/missions" icon={<HomeIcon />} label={t('menu.home')} onGo={onClose} />
          <Item href="/map" icon={<MapIcon />} label={t('menu.map')} onGo={onClose} />
        </ul>
        <ul className="menu-list menu-list-rest">
          <Item href="/diagnostic" icon={<PulseIcon />} label={t('menu.diagnostic')} onGo={onClose} />
          <Item href="/mission-data" icon={<TableIcon />} label={t('menu.missionData')} onGo={onClose} />
          <Item href="/settings" icon={<GearIcon />} label={t('menu.settings')} onGo={onClose} />
        </ul>
        {loggedIn && (
          <button type="button" className="menu-item menu-report" onClick={() => setReporting(true)} data-testid="report-problem">
            <FlagIcon />
            <span>{t('menu.report')}</span>
          </button>
        )}
        {/* Logging out ends the session on the server too (core/session/serverSession.ts). */}
        {loggedIn && (
          <button
            type="button"
            className="menu-item menu-logout"
            onClick={() => {
              dispatch({ type: 'ui/logoutPressed' });
              onClose();
            }}
            data-testid="logout"
          >
            <LogoutIcon />
            <span>{t('menu.logout')}</span>
          </button>
        )}
        <button type="button" className="menu-item menu-power" onClick={() => setConfirming(true)} data-testid="power-off">
          <PowerIcon />
          <span>{t('menu.powerOff')}</span>
        </button>
        <footer className="side-menu-foot">
          <Avatar name={admin} size={72} />
          <div className="side-menu-admin">
            <strong>
              <NameText name={admin || t('menu.noAdmin')} />
            </strong>
            <span>{t('menu.admin')}</span>
          </div>
        </footer>
      </nav>
      {reporting && <ReportDialog onClose={() => setReporting(false)} />}
      {confirming && (
        <PowerOffDialog
          onCancel={() => setConfirming(false)}
          onConfirm={(stopMission) => {
            setConfirming(false);
            dispatch({ type: stopMission ? 'ui/powerOffWithStop' : 'ui/powerOffConfirmed' });
            onClose();
          }}
        />
      )}
    </>
  );
}
