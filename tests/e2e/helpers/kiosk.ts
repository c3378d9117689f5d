/** Steps a person takes on the kiosk, shared by the browser tests. */
import { expect, type Page } from '@playwright/test';
import type { Simulator } from '../../../backend/server';
import { groundTruth } from '../../../backend/robots/sim/floorPlan';
import { gridToPng } from '../../../backend/grid';

/** Types a PIN on the on-screen keypad, as a finger would. */
export async function tapPin(page: Page, pin: string): Promise<void> {
  const keypad = page.getByRole('group', { name: /keypad|tastierino/i });
  for (const digit of pin) await keypad.getByRole('button', { name: digit, exact: true }).click();
}

/** Types on the on-screen keyboard, one key per character. */
export async function tapKeys(page: Page, text: string): Promise<void> {
  const keyboard = page.getByTestId('keyboard');
  for (const ch of text) {
    if (ch === ' ') await keyboard.getByRole('button', { name: /^(Space|Spazio)$/ }).click();
    else if (ch !== ch.toLowerCase()) {
      await keyboard.getByRole('button', { name: /^(Shift|Maiuscole)$/ }).click();
      await keyboard.getByRole('button', { name: ch, exact: true }).click();
    } else await keyboard.getByRole('button', { name: ch, exact: true }).click();
  }
}

/** Gives the simulated robot a stored map, as if the first mapping had been done. */
export function seedMap(sim: Simulator): void {
  const truth = groundTruth();
  sim.app.store.maps.save({
    created_at: new Date().toISOString(),
    png: gridToPng(truth),
    width: truth.width,
    height: truth.height,
    resolution: truth.resolution,
    origin: truth.origin,
  });
}

/** Logs in on the demo robot (PIN 123456) and lands on the missions list. */
export async function loginDemo(page: Page, sim: Simulator): Promise<void> {
  await page.goto(`${sim.url}/login`);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);
}

/**
 * The core's time comes from the worker's `Date.now`, which Playwright's page clock does not reach. The test
 * evaluates inside the worker instead and shifts its clock: the next whole-second tick then fires every
 * timer due by the new time (the lock, its greeting). No production code knows about it.
 */
export async function advanceWorkerClock(page: Page, ms: number): Promise<void> {
  const worker = page.workers()[0];
  if (!worker) throw new Error('the core worker is not running');
  await worker.evaluate((delta) => {
    const g = globalThis as unknown as { __realNow?: () => number; __offset?: number };
    if (!g.__realNow) {
      g.__realNow = Date.now.bind(Date);
      g.__offset = 0;
      Date.now = () => g.__realNow!() + g.__offset!;
    }
    g.__offset! += delta;
  }, ms);
}
