/**
 * The way into mapping that several specs walk: a robot set up with no map, a login with its PIN, the first-use
 * "Let's map the work area" page, and the tracking screen once the robot has recognised the person.
 */
import type { Page } from '@playwright/test';
import { expect, waitForShell } from '../fixtures';

/** The PIN of the robot these walks set up. */
export const MAPPING_PIN = '135790';

/**
 * Sets the robot up in `language` with no map, logs in and starts mapping, up to /mapping/track. The person is
 * recognised after a moment (at ten times real time, often before /mapping/wait has drawn; the wait page has its
 * own test in mapping.spec.ts): the page moves on by itself.
 */
export async function startMappingWalk(page: Page, sim: { url: string }, settings: (p: Record<string, unknown>) => Promise<void>, language = 'en'): Promise<void> {
  await settings({ language, country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true, load_location_layout_left: 0, load_location_layout_right: 1, superadmin_pin: MAPPING_PIN });
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  await page.getByTestId('pin-input').pressSequentially(MAPPING_PIN);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fux\/start-mapping$/);
  await page.getByTestId('next').click();
  await expect(page).toHaveURL(/\/mapping\/track$/, { timeout: 20_000 });
}
