/**
 * Every screen the tests reach is photographed at 1920x1080 into tests/e2e/screens/ and checked: axe-core
 * with its default rules (WCAG A/AA, contrast and best practices such as label-content-name-mismatch) and no
 * violation of any impact, and every visible control at least 64 px each way for a finger.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const SCREENS_DIR = 'tests/e2e/screens';
/** The kiosk's minimum touch target (styles.css --target). */
export const MIN_TARGET_PX = 64;

/** Controls smaller than a fingertip: none is allowed. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"], [tabindex="0"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // An inert subtree takes no touches (the replay page's picture of the kiosk).
      if (el.closest('[inert]')) continue;
      if (r.width < min || r.height < min) out.push(`${el.outerHTML.slice(0, 90)} (${Math.round(r.width)}x${Math.round(r.height)})`);
    }
    return out;
  }, MIN_TARGET_PX);
}

/** Saves the screenshot, then runs the accessibility and touch-target checks. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // Let entry animations (menu slide, logo fade) settle so the picture and contrast are the resting ones.
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `accessibility of ${name}`).toEqual([]);
  expect(await smallTargets(page), `touch targets of ${name}`).toEqual([]);
}
