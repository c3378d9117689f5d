import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenHtml } from './scripts/firstScreenHtml.ts';

/** Where the dev server sends /api, /healthz and /ws: the simulator by default, or a real robot's back end. */
const backend = process.env.ROBOT_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The entry is one chunk with React and the first screen (src/main.tsx). In a build the core's worker starts from
  // the boot script index.html carries (scripts/firstScreenHtml.ts) and the entry adopts it.
  plugins: [react(), firstScreenHtml()],
  worker: { format: 'es', rolldownOptions: { output: { charset: 'ascii' } } },
  // No modulepreload polyfill: the kiosk's Chromium has modulepreload, and the polyfill (0.5 kB gzip) would sit in
  // the entry every cold start loads first.
  // Scripts in ASCII only (non-ASCII escaped as \u....): one character outside it (the locales' "…") makes Chromium
  // hand V8 the whole 264 kB entry as a two-byte string, twice the memory to scan and hold on a cold start
  // (bench/README.md at f0de46c, "One-byte scripts").
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { charset: 'ascii' } },
  },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
