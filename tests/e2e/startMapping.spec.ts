/** Start mapping's two calls may answer in either order: the page goes to /mapping/wait after both, either way. */
import { test, expect, waitForShell } from './fixtures';

const SETTINGS = {
  language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true,
  load_location_layout_left: 0, load_location_layout_right: 1, superadmin_pin: '135790',
};

const ORDERS: [late: string, early: string][] = [
  ['/api/mapping/start', '/api/follow-me/start'],
  ['/api/follow-me/start', '/api/mapping/start'],
];

for (const [late, early] of ORDERS) {
  test(`Continue on start-mapping lands on /mapping/wait when ${late} answers after ${early}`, async ({ page, sim, settings, control }) => {
    await settings(SETTINGS);
    await page.goto(`${sim.url}/login`);
    await waitForShell(page);
    await page.getByTestId('pin-input').pressSequentially('135790');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fux\/start-mapping$/);
    // The simulator holds the late call's answer until told; the early one answers at once.
    await control('calls', { path: late, mode: 'stall' });
    const earlyAnswered = page.waitForResponse((r) => r.url().endsWith(early));
    await page.getByTestId('next').click();
    await earlyAnswered;
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/fux\/start-mapping$/);
    await control('calls', { path: late, mode: 'ok' });
    await expect(page).toHaveURL(/\/mapping\/wait$/);
  });
}
