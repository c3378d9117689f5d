import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Worker threads rather than a process per file: on a machine whose fresh memory is dear (bench/README.md at f0de46c)
    // each forked process costs its start again. 182 s against 244 s for the whole run on 28 Nov 2026, every test
    // passing both ways; no test changes its process's directory or relies on a process of its own.
    pool: 'threads',
    projects: [
      { extends: true, test: { name: 'core', environment: 'node', include: ['tests/core/**/*.test.ts'] } },
      { extends: true, test: { name: 'worker', environment: 'node', include: ['tests/worker/**/*.test.ts'] } },
      { extends: true, test: { name: 'sim', environment: 'node', include: ['tests/sim/**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000 } },
      { extends: true, test: { name: 'backend', environment: 'node', include: ['tests/backend/**/*.test.ts'] } },
      // A real rosmaster and rospy robot per file: one file at a time keeps the shared machine responsive.
      { extends: true, test: { name: 'ros', environment: 'node', include: ['tests/ros/**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000, fileParallelism: false } },
      // A DDS test robot and bridge per file (tests/ros2/): one file at a time too.
      { extends: true, test: { name: 'ros2', environment: 'node', include: ['tests/ros2/**/*.test.ts'], testTimeout: 60000, hookTimeout: 60000, fileParallelism: false } },
      { extends: true, test: { name: 'ui', environment: 'jsdom', include: ['tests/ui/**/*.test.{ts,tsx}'], setupFiles: ['tests/ui/setup.ts'] } },
    ],
  },
});
