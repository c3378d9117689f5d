/**
 * A control side for bench:coldstart: the bare React page (coldstart/bare) carrying the app's first screen as
 * static markup, with the app's inline styles. React renders the bare page's one line into a hidden root beside
 * it, and its worker answers a ping, exactly as on the bare page.
 *
 * It costs what the screen's pixels cost (the parse, layout and raster of the same markup) and nothing of the
 * app's code. So the app's figures against it say what the app's scripts add, and its own figures against the
 * bare page say what showing a real screen at all costs on this machine. Information only: the targets stay
 * against the bare page.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app's inline first-screen styles and the prerendered markup inside its #root. */
export function firstScreenParts(appHtml: string): { style: string; markup: string } {
  const style = /<style>[\s\S]*?<\/style>/.exec(appHtml)?.[0];
  // The markup ends where the one-line script that drops it at another address begins (scripts/firstScreenHtml.ts).
  const markup = /<div id="root" data-prerendered="[^"]*">([\s\S]*)<\/div>\s*<script>/.exec(appHtml)?.[1];
  if (!style || !markup) throw new Error('screen control: the app\'s index.html has no inline style or no prerendered #root');
  return { style, markup };
}

/** Writes the control into `outDir`: a copy of the built bare page whose index.html carries the app's first screen. */
export function writeScreenControl(appDir: string, bareDir: string, outDir: string): void {
  const { style, markup } = firstScreenParts(readFileSync(join(appDir, 'index.html'), 'utf8'));
  cpSync(bareDir, outDir, { recursive: true });
  const file = join(outDir, 'index.html');
  const bare = readFileSync(file, 'utf8');
  if (!bare.includes('<div id="root"></div>')) throw new Error('screen control: the bare page has no empty #root');
  // Replacement functions: a `$` in the markup must not be read as a replacement pattern.
  const html = bare
    .replace('</head>', () => `${style}</head>`)
    .replace('<div id="root"></div>', () => `<div id="screen">${markup}</div><div id="root" hidden></div>`);
  writeFileSync(file, html);
}
