/**
 * The built index.html carries the first screen, so a cold start paints it before any script has run
 * (vite.config.ts, build only):
 * - the first screen's markup, rendered from the state the page starts from (src/prerender.ts) and hydrated by
 *   React (src/render.tsx); `data-prerendered` names its route;
 * - the boot script right after it (src/earlyStart.ts, bundled here): starts the core's worker before any
 *   module has loaded, and drops the markup unseen when the page opened at another route;
 * - the first screen's stylesheet inline instead of linked: nothing to fetch before the first paint, and no
 *   stylesheet for the boot script to wait for (a script waits for the style sheets before it).
 */
import { resolve } from 'node:path';
import { build, runnerImport, type Plugin, type Rollup } from 'vite';

/** The worker chunk the entry starts: Vite writes its address into `new Worker(new URL(...))`. */
function workerFile(bundle: Rollup.OutputBundle): string {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    const found = /new Worker\(new URL\(\s*[`'"]\/?([^`'"]+)[`'"]/.exec(chunk.code)?.[1];
    if (found) return found;
  }
  throw new Error('first screen: no worker chunk found in the entry');
}

/** src/earlyStart.ts as one inline script, with the worker's address and the first screen's addresses written in. */
async function bootScript(workerUrl: string, firstScreen: string[]): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    define: { __KIOSK_WORKER_URL__: JSON.stringify(workerUrl), __KIOSK_FIRST_SCREEN__: JSON.stringify(firstScreen) },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: resolve('src/earlyStart.ts'), formats: ['iife'], name: 'kioskBoot' },
    },
  });
  const output = (Array.isArray(out) ? out[0] : out) as Rollup.RollupOutput;
  return output.output[0].code.trim();
}

/** Inline scripts must not close their own element. */
const inlineSafe = (code: string) => code.replace(/<\/(script|style)/gi, '<\\/$1');

export function firstScreenHtml(): Plugin {
  return {
    name: 'first-screen-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        // The app's page only: the cold-start bench builds its bare React page with this config too
        // (bench/coldstart/bare), which must stay a page that React alone renders.
        if (!bundle || ctx.filename !== resolve('index.html')) return html;
        const { module } = await runnerImport<typeof import('../src/prerender')>(resolve('src/prerender.ts'), { configFile: false, logLevel: 'warn' });
        const screen = module.prerenderFirstScreen();
        const boot = await bootScript(`/${workerFile(bundle)}`, screen.addresses);
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('first screen: index.html has no empty #root');
        html = html.replace(
          root,
          `<div id="root" data-prerendered="${screen.path}">${screen.html}</div>\n    <script>${inlineSafe(boot)}</script>`,
        );
        // The first screen's stylesheet, inline where its link was.
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          return `<style>${inlineSafe(String(asset.source))}</style>`;
        });
      },
    },
  };
}
