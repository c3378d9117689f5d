/**
 * Every screen the tests reach is photographed at 1920x1080 into tests/e2e/screens/ and checked: axe-core
 * with its default rules (WCAG A/AA, contrast and best practices such as label-content-name-mismatch) and no
 * violation of any impact, and every visible control at least 64 px each way for a finger.
 */
import axe from 'axe-core';
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

/**
 * axe-core's default run over the page, with axe put into the document once rather than on every check.
 * `@axe-core/playwright`'s `analyze()` evaluated axe's 650 kB in the page on every call, then opened a blank page,
 * evaluated it there again and finished the run in it (merging the frames' partial results): 1.3 s more a screen
 * on a slow machine (a tour of 20 screens took 47.7 s, now 21.8 s), over some 150 screens in the suite. The kiosk
 * has no frames, so one `axe.run` in the page finds the same (screenCheck.spec.ts compares the two).
 */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document).then((r) => r.violations));
}

/** Saves the screenshot, then runs the accessibility and touch-target checks. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // Let entry animations (menu slide, logo fade) settle so the picture and contrast are the resting ones.
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
  const violations = await axeViolations(page);
  const bad = violations.map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `accessibility of ${name}`).toEqual([]);
  expect(await smallTargets(page), `touch targets of ${name}`).toEqual([]);
}
