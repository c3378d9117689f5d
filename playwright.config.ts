import { defineConfig } from '@playwright/test';

/** Debian's Chromium, with the flags this closed network needs (no browser is ever downloaded). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A headless window has no address bar, yet Chromium 156 builds the omnibox popup's WebUI in a renderer of its
  // own for every new window: about 85 ms of CPU on two cores beside each test's or benchmark's first load
  // (bench/README.md at f0de46c, "The browser's own omnibox"). Chromium merges this list with Playwright's own.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties outputDir at start, and test-results/ also holds vitest's report.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time: each test has its own simulator on free ports (teleop on a loopback address of its
  // own), and most of a test is waiting for the simulated robot, so two halve the suite's time on two cores.
  // The whole suite passed this way at load 11-16, and in 9.1 min on a quiet machine (one worker: 15.2 min).
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    viewport: { width: 1920, height: 1080 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
