/** Steps of the missions browser tests: a set-up robot, creating missions through the wizards, and the log. */
import { expect, type Page } from '@playwright/test';
import type { Simulator } from '../../../backend/server';
import { seedMap } from './kiosk';

/**
 * A fresh robot, set up as the first-use wizard would leave it (PIN 123456, double left and triple right
 * shelves) and mapped, with no missions yet.
 */
export async function setUpRobot(sim: Simulator): Promise<void> {
  const res = await fetch(`${sim.url}/api/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      language: 'en',
      country: 'IT',
      robot_name: 'Node',
      admin_name: 'Alex',
      accepted_terms_of_service: true,
      load_location_layout_left: 1,
      load_location_layout_right: 2,
      superadmin_pin: '123456',
    }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status}`);
  seedMap(sim);
}

/** The event log the worker recorded so far. */
export async function exportLog(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __kiosk: { exportLog(): Promise<string> } }).__kiosk.exportLog());
}

/**
 * Records every movement state the page shows (the movement section's data-state), once per animation
 * frame, from now on: `movementStates(page)` reads the list.
 */
export async function watchMovementStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __states?: string[] };
    w.__states = [];
    let last: string | null = null;
    const look = () => {
      const state = document.querySelector<HTMLElement>('section.movement')?.dataset.state ?? null;
      if (state !== null && state !== last) w.__states!.push(state);
      last = state;
      requestAnimationFrame(look);
    };
    look();
  });
}

export async function movementStates(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __states?: string[] }).__states ?? []);
}

/** `a` appears in `b` in order, possibly with gaps (a frame can miss a state that lasted less than one). */
export function isSubsequence(a: readonly string[], b: readonly string[]): boolean {
  let i = 0;
  for (const x of b) if (x === a[i]) i++;
  return i === a.length;
}

/** The mission the simulator recorded as ended last, with its status and activities. */
export async function lastEnded(sim: Simulator) {
  const now = new Date();
  const res = await fetch(`${sim.url}/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`);
  const body = (await res.json()) as { data: { missions: { definition_id: number; status: string; steps: { activities: { status: string }[] }[] }[] } };
  return body.data.missions.sort((a, b) => b.definition_id - a.definition_id)[0];
}

/** Waits until the movement screen shows `state`. */
export async function expectMovement(page: Page, state: string, timeout = 30_000): Promise<void> {
  await expect(page.locator('section.movement')).toHaveAttribute('data-state', state, { timeout });
}
