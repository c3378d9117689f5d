/** The engineers' replay page is wired: its route and texts (the page itself is tested by its owners). */
import { test, expect, waitForShell } from './fixtures';

test('/replay opens the replay page with its texts', async ({ page, sim }) => {
  await page.goto(`${sim.url}/replay`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Replay an event log' })).toBeVisible();
  await expect(page.getByText('Open a recorded event log to see what the screen showed at each moment.')).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screens/60-replay.png' });
});
