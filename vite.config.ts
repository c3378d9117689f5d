import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the dev server sends /api, /healthz and /ws: the simulator by default, or a real robot's back end. */
const backend = process.env.ROBOT_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
