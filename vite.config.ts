import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenHtml } from './scripts/firstScreenHtml.ts';

/** Where the dev server sends /api, /healthz and /ws: the simulator by default, or a real robot's back end. */
const backend = process.env.ROBOT_BACKEND ?? 'http://127.0.0.1:8080';

/**
 * The entry chunk is tiny and imports the React half (`src/render.tsx`) dynamically, so the core's worker
 * starts before React evaluates. This hint lets the browser fetch that chunk alongside the entry instead of
 * after it (and the chunks render imports, see below).
 */
function preloadRenderChunk(): Plugin {
  return {
    name: 'preload-render-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/render.tsx'));
        if (chunk?.type !== 'chunk') return [];
        // With several lazy areas the bundler moves what they share with the first screen into a common chunk
        // that render imports statically: preload those too, or they would load only after render is parsed.
        const files = [chunk.fileName, ...chunk.imports.filter((f) => !ctx.bundle?.[f] || (ctx.bundle[f] as { isEntry?: boolean }).isEntry !== true)];
        return files.map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadRenderChunk(), firstScreenHtml()],
  worker: { format: 'es' },
  // No modulepreload polyfill: the kiosk's Chromium has modulepreload, and the polyfill (0.5 kB gzip) would sit in
  // the entry every cold start loads first.
  build: { target: 'es2022', sourcemap: true, manifest: true, modulePreload: { polyfill: false } },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
