/**
 * Builds the back end into one ES module, build/backend/main.mjs, so the service starts with plain `node`, with no
 * TypeScript compiled at boot. The project's own code (backend/, core/) is bundled; packages stay imports,
 * resolved from the installed node_modules (better-sqlite3 is native). The ROS 2 driver builds its DDS program from
 * sources beside it (backend/robots/ros2/build.ts, `import.meta.dirname`): in the bundle that folder is found
 * from the bundle's own place, so the source tree ships with it (deploy/install.sh copies both).
 *
 * Usage: node deploy/build-backend.mjs   (from the project folder; esbuild comes with Vite)
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'build', 'backend', 'main.mjs');
await build({
  entryPoints: [join(root, 'backend', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  // build.ts is the only module that reads these: its folder (for bridge.c and the project root), and whether it
  // was run as a script (never, inside the bundle).
  define: { 'import.meta.dirname': '__ros2_sources', 'import.meta.filename': '""' },
  banner: { js: "const __ros2_sources = new URL('../../backend/robots/ros2', import.meta.url).pathname;" },
});
console.log(`built ${outfile}`);
