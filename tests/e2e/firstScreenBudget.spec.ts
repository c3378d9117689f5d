/**
 * The first screen loads at most 90 kB gzip of our scripts and styles (the entry, what it imports at start,
 * and their stylesheets): every screen beyond it loads lazily. Read from the build the other browser tests run
 * against, so a change that pulls a screen into the first load fails here, not only in the cold-start bench.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { bundleSizes, MAIN_LIMIT_KB } from '../../bench/lib/bundleSizes';

test('the first screen loads at most 90 kB gzip', () => {
  const sizes = bundleSizes('dist');
  console.log(`first screen: ${sizes.main.toFixed(2)} kB gzip (entry ${sizes.entry.toFixed(2)}, worker ${sizes.worker.toFixed(2)})`);
  expect(sizes.main).toBeLessThanOrEqual(MAIN_LIMIT_KB);
  // The wizard, the missions and the Italian table are not part of it.
  expect(sizes.main).toBeGreaterThan(40);
});

test('every built script is ASCII, so V8 holds and scans it as one byte a character', () => {
  // One character outside ASCII (the locales' "…") made the whole entry a two-byte string (vite.config.ts, charset).
  const scripts = readdirSync('dist/assets').filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  const notAscii = scripts.filter((f) => /[\u0080-\u00ff]/.test(readFileSync(`dist/assets/${f}`, 'latin1')));
  expect(notAscii).toEqual([]);
  // The escapes still read as the characters: the English table's "Starting…" is in the entry as an escape.
  expect(scripts.some((f) => readFileSync(`dist/assets/${f}`, 'latin1').includes('Starting\\u2026'))).toBe(true);
});
