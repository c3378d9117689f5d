import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenHtml } from './scripts/firstScreenHtml.ts';

/** Where the dev server sends /api, /healthz and /ws: the simulator by default, or a real robot's back end. */
const backend = process.env.ROBOT_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The entry is one chunk with React and the first screen (src/main.tsx). In a build the core's worker starts from
  // the boot script index.html carries (scripts/firstScreenHtml.ts) and the entry adopts it.
  plugins: [react(), firstScreenHtml()],
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
