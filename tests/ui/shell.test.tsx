import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { LockScreen } from '../../ui/shell/LockScreen';
import { AlertOverlay } from '../../ui/shell/AlertOverlay';
import { SideMenu } from '../../ui/shell/SideMenu';
import { DashboardPage } from '../../ui/start/DashboardPage';
import { StartupPage } from '../../ui/start/StartupPage';
import { AlertBanner } from '../../ui/shell/AlertBanner';
import type { AlertItem } from '../../core/state';
import { renderWithCore, stateWith } from './render';

const item = (code: string): AlertItem => ({ code, isSkip: false, isInResolution: false, since: 0 });
/** Connected, the start over (a state the core reaches only once both were reachable). */
const online = { backend: true, robot: true, starting: false };
const SET_UP = {
  language: 'en',
  country: 'IT',
  robot_name: 'Node',
  admin_name: 'Ada',
  accepted_terms_of_service: true,
  has_superadmin_pin: true,
  load_location_layout_left: 1,
  load_location_layout_right: 2,
} as const;

describe('shell', () => {
  it('the lock screen shows its greeting and unlocks with an intent', () => {
    const r = renderWithCore(<LockScreen />, stateWith({ session: { lock: true, greeting: null }, route: { path: '/missions' } }));
    expect(screen.getByRole('heading').textContent).toBe('');
    act(() => r.push({ session: { login: false, lock: true, greeting: 2, returnOnSession: false, serverSessions: true } }));
    expect(screen.getByRole('heading').textContent).toBe('Welcome back! Shall we get going?');
    fireEvent.click(screen.getByRole('button', { name: "Let's collaborate" }));
    expect(r.intents).toEqual([{ type: 'ui/unlockPressed' }]);
  });

  it('never shows the lock on mapping paths', () => {
    renderWithCore(<LockScreen />, stateWith({ session: { lock: true }, route: { path: '/mapping/track' } }));
    expect(screen.queryByTestId('lock-screen')).toBeNull();
  });

  it('alert overlays: only when logged in, with the catalogue texts and buttons', () => {
    const r = renderWithCore(<AlertOverlay />, stateWith({ connection: online, alerts: { errors: [item('node_lost')], warnings: [] } }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => r.push({ session: { login: true, lock: false, greeting: null, returnOnSession: false, serverSessions: true } }));
    expect(screen.getByRole('alertdialog', { name: "I'm lost" }).textContent).toContain('I need you to show me where I am.');
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    act(() => r.push({ alerts: { errors: [], warnings: [item('battery_2_low')], acknowledged: [] } }));
    expect(screen.getByRole('alertdialog', { name: 'Limited range' }).textContent).toContain('10% battery remaining');
    fireEvent.click(screen.getByRole('button', { name: 'Start charging mission' }));
    // One confirmation before the robot leaves for Base.
    screen.getByRole('alertdialog', { name: 'Go to Base to charge?' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to Base' }));
    act(() => r.push({ alerts: { errors: [item('e1'), item('e2')], warnings: [], acknowledged: [] } }));
    screen.getByRole('alertdialog', { name: 'Errors: e1, e2' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(r.intents).toEqual([{ type: 'ui/alertManaged' }, { type: 'ui/chargingMissionPressed' }, { type: 'ui/alertSkipped' }]);
  });

  it('the side menu: the admin at its foot, power-off only after Confirm, closes when a link is used', () => {
    const onClose = vi.fn();
    const r = renderWithCore(
      <SideMenu open onClose={onClose} />,
      stateWith({ session: { login: true }, settings: { data: { ...SET_UP, admin_name: 'Ada' }, status: 'loaded' } }),
    );
    expect(screen.getByText('Ada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Power Off' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(r.intents).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Power Off' }));
    expect(screen.getByRole('alertdialog', { name: 'Node will power off. Do you confirm?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(r.intents).toEqual([{ type: 'ui/powerOffConfirmed' }]);
    fireEvent.click(screen.getByRole('link', { name: 'Diagnostic' }));
    expect(r.intents).toContainEqual({ type: 'ui/navigated', path: '/diagnostic', search: '' });
    expect(onClose).toHaveBeenCalled();
  });

  it('the side menu offers no guarded page before the login, nor the dashboard before the terms', () => {
    const pages = ['Home', 'Map Management', 'Diagnostic', 'Missions Data', 'Settings'];
    const loggedOut = renderWithCore(<SideMenu open onClose={() => undefined} />, stateWith({ settings: { data: SET_UP, status: 'loaded' } }));
    for (const name of pages) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByTestId('menu-locked-note').textContent).toBe('Log in to open these pages.');
    loggedOut.unmount();
    // Mid-wizard (terms not yet accepted) the same, whatever the session says.
    renderWithCore(
      <SideMenu open onClose={() => undefined} />,
      stateWith({ settings: { data: { ...SET_UP, has_superadmin_pin: false, accepted_terms_of_service: false }, status: 'loaded' } }),
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('the dashboard card leaves the decision to the core', () => {
    const r = renderWithCore(<DashboardPage />, stateWith({ settings: { data: { admin_name: 'Ada' }, status: 'loaded' } }));
    // Named by its visible text (WCAG 2.5.3): the name, then the role.
    fireEvent.click(screen.getByRole('button', { name: /^Ada\s*Super administrator$/ }));
    expect(r.intents).toEqual([{ type: 'ui/dashboardCardPressed' }]);
  });

  it("startup says 'Faild to get startup data' and retries", () => {
    const r = renderWithCore(<StartupPage />, stateWith({ settings: { data: null, status: 'failed' } }));
    expect(screen.getByText('Faild to get startup data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(r.intents).toEqual([{ type: 'ui/startupRetried' }]);
  });

  it('the banner says when the robot is finding its way back, and when it is out of sync', () => {
    const r = renderWithCore(
      <AlertBanner />,
      stateWith({ session: { login: true }, connection: online, alerts: { errors: [{ code: 'node_lost', isSkip: false, isInResolution: true }], warnings: [] } }),
    );
    expect(screen.getByRole('status').textContent).toBe("I'm trying to find my way back");
    act(() => r.push({ connection: { ...r.store.getSnapshot()!.connection, robot: false } }));
    expect(screen.getByRole('status').textContent).toContain("I'm looking into some synchronization issues");
  });
});
