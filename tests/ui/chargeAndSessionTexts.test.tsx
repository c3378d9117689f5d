/**
 * What issue 42's screens say: the charging confirmation names the mission it stops before the tap, the charge
 * waiting to leave is shown, and /login says why it asks when the session ended (English and Italian).
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { AlertOverlay } from '../../ui/shell/AlertOverlay';
import { LoginPage } from '../../ui/start/LoginPage';
import { QueuedCharge } from '../../ui/missions/QueuedCharge';
import '../../ui/missions/strings';
import type { AlertItem } from '../../core/state';
import { renderWithCore, stateWith } from './render';
import { loadLanguage } from '../../src/i18n';

const low: AlertItem = { code: 'battery_1_low', isSkip: false, isInResolution: false, since: 0 };
const step = { id: 1, destination_id: 2, activities: [] };
const def = (id: number, name: string, kind?: string) => ({ id, name, created_at: '2026-11-22T09:00:00Z', steps: [step], ...(kind ? { kind } : {}) });
const LOGGED_IN = { login: true, lock: false, greeting: null, returnOnSession: false, serverSessions: true };

describe('the charging confirmation', () => {
  it('names the mission it stops, a quick one as the current mission, and says nothing of one when none runs', () => {
    const s = stateWith({ session: LOGGED_IN, connection: { backend: true, robot: true }, alerts: { errors: [], warnings: [low] }, missions: { definitions: [def(8, 'Mission 01'), def(7, '')] }, movement: { state: 'inActivity', missionId: 8 } });
    const r = renderWithCore(<AlertOverlay />, s);
    fireEvent.click(screen.getByRole('button', { name: 'Start charging mission' }));
    expect(screen.getByRole('alertdialog', { name: 'Go to Base to charge?' }).textContent).toContain('I will stop the mission "Mission 01" and leave for Base at once: it will not be completed.');
    act(() => r.push({ movement: { ...s.movement, missionId: 7 } }));
    expect(screen.getByRole('alertdialog').textContent).toContain('I will stop the current mission and leave for Base at once');
    act(() => r.push({ movement: { ...s.movement, state: 'noMission', missionId: null } }));
    expect(screen.getByRole('alertdialog').textContent).toContain('I will leave for Base at once.');
  });
});

describe('the charge waiting to leave', () => {
  it('is shown while queued, with what holds it', () => {
    const s = stateWith({ connection: { backend: true, robot: true }, missions: { definitions: [def(30, '', 'charging')], queued: [30] } });
    const r = renderWithCore(<QueuedCharge />, s);
    expect(screen.getByTestId('queued-charge').textContent).toBe('Charging missionI will leave for Base to charge as soon as I can.');
    act(() => r.push({ connection: { ...s.connection, robot: false } }));
    expect(screen.getByTestId('queued-charge').textContent).toContain("Waiting: I'm not connected");
    act(() => r.push({ missions: { ...s.missions, queued: [] } }));
    expect(screen.queryByTestId('queued-charge')).toBeNull();
  });
});

describe('/login after the session ended', () => {
  it('says so, in English and Italian; a plain login does not', async () => {
    const s = stateWith({ route: { path: '/login' } });
    const r = renderWithCore(<LoginPage />, s);
    expect(screen.getByText('Enter your 6-digit PIN')).toBeTruthy();
    act(() => r.push({ session: { ...s.session, ended: true } }));
    expect(screen.getByText('Your session ended. Enter your PIN to go on.')).toBeTruthy();
    await act(async () => {
      await loadLanguage('it');
      r.push({ settings: { data: { language: 'it' }, status: 'loaded' } as never });
    });
    expect(screen.getByText('La sessione è terminata. Inserisci il PIN per continuare.')).toBeTruthy();
  });
});
