/**
 * The typed PIN in the live worker's heap, in Chromium: a heap snapshot of the worker (over CDP, after the
 * garbage collection a snapshot forces) finds it while the login call is out, and nowhere once logged in.
 */
import { test, expect, waitForShell } from './fixtures';
import { attachToWorker, workerHeapStrings } from '../../bench/lib/workerCdp';

test('after login the worker heap holds no PIN', async ({ page, sim, settings, control }) => {
  // Made at run time and set on the back end, so no source text of the app holds it.
  const pin = String(100_000 + Math.floor(Math.random() * 900_000));
  await settings({
    language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true,
    load_location_layout_left: 0, load_location_layout_right: 1, superadmin_pin: pin,
  });
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  const worker = await attachToWorker(page);

  // The control: with the login call held by the simulator, the worker holds the PIN, and the snapshot sees it.
  await control('calls', { path: '/api/auth/login', mode: 'stall' });
  await page.getByTestId('pin-input').pressSequentially(pin);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await workerHeapStrings(worker)).some((s) => s.includes(pin))).toBe(true);

  await control('calls', { path: '/api/auth/login', mode: 'ok' });
  await expect(page).toHaveURL(/\/fux\/start-mapping$/);
  expect((await workerHeapStrings(worker)).filter((s) => s.includes(pin))).toEqual([]);
});
