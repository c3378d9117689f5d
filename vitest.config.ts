import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { name: 'core', environment: 'node', include: ['tests/core/**/*.test.ts'] } },
      { extends: true, test: { name: 'worker', environment: 'node', include: ['tests/worker/**/*.test.ts'] } },
      { extends: true, test: { name: 'sim', environment: 'node', include: ['tests/sim/**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000 } },
      { extends: true, test: { name: 'backend', environment: 'node', include: ['tests/backend/**/*.test.ts'] } },
      // A real rosmaster and rospy robot per file: one file at a time keeps the shared machine responsive.
      { extends: true, test: { name: 'ros', environment: 'node', include: ['tests/ros/**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000, fileParallelism: false } },
      { extends: true, test: { name: 'ui', environment: 'jsdom', include: ['tests/ui/**/*.test.{ts,tsx}'], setupFiles: ['tests/ui/setup.ts'] } },
    ],
  },
});
