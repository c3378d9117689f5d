/**
 * The built index.html carries the first screen, so a cold start paints it before any script has run
 * (vite.config.ts, build only):
 * - the first screen's markup, rendered from the state the page starts from (src/prerender.ts) and hydrated by
 *   React (src/render.tsx); `data-prerendered` names its route;
 * - the boot script in the head (src/earlyStart.ts, bundled here): starts the core's worker before any module
 *   has loaded;
 * - a one-line script right after the markup that drops it unseen when the page opened at another address (it
 *   would flash): an address written otherwise (a trailing slash) drops it too, and the entry renders afresh;
 * - the first screen's stylesheet inline instead of linked: nothing to fetch before the first paint, and no
 *   stylesheet for the boot script to wait for (a script waits for the style sheets before it).
 */
import { resolve } from 'node:path';
import { build, runnerImport, type Plugin, type Rollup } from 'vite';

/**
 * The worker chunk the entry starts: Vite writes its address into `new Worker(new URL(...))`, after a comment
 * (`@vite-ignore`) when the build is not minified (bench/scale/workerProfile.ts profiles such one).
 */
function workerFile(bundle: Rollup.OutputBundle): string {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    const found = /new Worker\(new URL\(\s*(?:\/\*[^*]*\*\/\s*)?[`'"]\/?([^`'"]+)[`'"]/.exec(chunk.code)?.[1];
    if (found) return found;
  }
  throw new Error('first screen: no worker chunk found in the entry');
}

/** src/earlyStart.ts as one inline script, with the worker's address written in. */
async function bootScript(workerUrl: string): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    define: { __KIOSK_WORKER_URL__: JSON.stringify(workerUrl) },
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
        const boot = await bootScript(`/${workerFile(bundle)}`);
        // Keeps the markup only at the addresses that open on it (src/firstScreen.ts, `firstScreenAddresses`).
        const dropElsewhere = `${JSON.stringify(screen.addresses)}.includes(location.pathname)||document.getElementById("root").replaceChildren()`;
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('first screen: index.html has no empty #root');
        html = html.replace(
          root,
          `<div id="root" data-prerendered="${screen.path}">${screen.html}</div>\n    <script>${inlineSafe(dropElsewhere)}</script>`,
        );
        if (!html.includes('</title>')) throw new Error('first screen: index.html has no <title>');
        html = html.replace('</title>', `</title>\n    <script>${inlineSafe(boot)}</script>`);
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
