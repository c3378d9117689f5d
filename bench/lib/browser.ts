/** Debian's Chromium with the flags this closed network needs; no browser is ever downloaded. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';

export { CHROMIUM_ARGS };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The kiosk's screen. */
export const VIEWPORT = { width: 1920, height: 1080 };
