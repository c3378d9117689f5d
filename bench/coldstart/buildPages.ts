/** The pages bench:coldstart loads, built with Vite's JS API and this repository's vite.config.ts. */
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { writeScreenControl } from './screenControl';

/** Builds the page whose index.html is in `root` with vite.config.ts into `outDir`. */
export async function buildPage(root: string, outDir: string): Promise<void> {
  await build({ configFile: resolve('vite.config.ts'), root, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
}

/** The app, the bare page (coldstart/bare) and the control (screenControl.ts), built into folders under `tmp`. */
export async function buildColdStartSides(tmp: string): Promise<{ app: string; bare: string; screen: string }> {
  const [app, bare, screen] = ['app', 'bare', 'screen'].map((name) => join(tmp, name)) as [string, string, string];
  await buildPage(resolve('.'), app);
  await buildPage(resolve('bench/coldstart/bare'), bare);
  writeScreenControl(app, bare, screen);
  return { app, bare, screen };
}
