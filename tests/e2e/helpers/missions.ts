/** Steps of the missions browser tests: a set-up robot, creating missions through the wizards, and the log. */
import { expect, type Page } from '@playwright/test';
import type { Simulator } from '../../../backend/server';
import { loginDemo, seedMap } from './kiosk';
import { authedFetch } from './session';

/**
 * A fresh robot, set up as the first-use wizard would leave it (PIN 123456, double left and triple right
 * shelves) and mapped, with no missions yet.
 */
export async function setUpRobot(sim: Simulator): Promise<void> {
  const res = await authedFetch(sim, `${sim.url}/api/settings`, {
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
  const res = await authedFetch(sim, `${sim.url}/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`);
  const body = (await res.json()) as { data: { missions: { definition_id: number; status: string; steps: { activities: { status: string }[] }[] }[] } };
  return body.data.missions.sort((a, b) => b.definition_id - a.definition_id)[0];
}

/** Waits until the movement screen shows `state`. */
export async function expectMovement(page: Page, state: string, timeout = 30_000): Promise<void> {
  await expect(page.locator('section.movement')).toHaveAttribute('data-state', state, { timeout });
}

/** A set-up robot with Reception and Giulia, logged in on the missions list. */
export async function readyWithReception(page: Page, sim: Simulator): Promise<{ reception: number; giulia: number }> {
  await setUpRobot(sim);
  const at = new Date().toISOString();
  const reception = sim.app.store.places.createDestination({ name: 'Reception', x: 7.8, y: 2.5, orientation: 0, resolution: 0.05 }, at).id;
  const giulia = sim.app.store.places.createRecipient('Giulia Rossi', reception, at).id;
  await loginDemo(page, sim);
  return { reception, giulia };
}

/** Creates (and so queues) a quick delivery of a parcel, as the wizard's 'Start mission' does; its id. */
export async function postQuick(sim: Simulator, destination: number, recipient: number, message = ''): Promise<number> {
  const res = await authedFetch(sim, `${sim.url}/api/mission/definition/quick`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      destination_id: destination,
      activity_id: 1,
      recipient_id: recipient,
      load_location_left: [[], []],
      load_location_right: [['parcel'], [], []],
      message,
      message_read_required: false,
    }),
  });
  return ((await res.json()) as { data: { id: number } }).data.id;
}
