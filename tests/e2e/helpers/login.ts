/** A set-up robot with a map, and a person logged in on it: how the pages behind the login are reached. */
import { expect, type Page } from '@playwright/test';
import type { Simulator } from '../../../backend/server';
import { seedMap } from './kiosk';
import { authedFetch } from './session';

export const SET_UP = {
  language: 'en',
  country: 'IT',
  robot_name: 'Node',
  admin_name: 'Ada',
  accepted_terms_of_service: true,
  load_location_layout_left: 0,
  load_location_layout_right: 1,
  superadmin_pin: '135790',
};

/** Sets the robot up (settings, PIN, a map) through the simulator, without the wizard. */
export async function setUpRobot(sim: Simulator, patch: Record<string, unknown> = {}): Promise<void> {
  const res = await authedFetch(sim, `${sim.url}/api/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...SET_UP, ...patch }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status}`);
  seedMap(sim);
}

/**
 * Logs in (from the dashboard a guard sent the page to, or on /login) with the set-up PIN, or the demo robot's
 * `123456`; the page then goes where the login leads (`landing`).
 */
export async function logIn(page: Page, landing: RegExp = /\/missions$/, pin = SET_UP.superadmin_pin): Promise<void> {
  if (!/\/login$/.test(page.url())) {
    await page.getByTestId('avatar-card').click();
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.getByTestId('pin-input').pressSequentially(pin);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(landing);
}
