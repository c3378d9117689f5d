/**
 * The PIN check and the event loop (issue 40): the loop's delay while 20 PIN checks run, with the old scryptSync
 * (`verifyPin`) against the async, one-at-a-time check (`verifyPinAsync`), beside an idle baseline measured in the
 * same run. Medians of 5. Run: `npx tsx bench/pinCheckLoop.ts`. Figures: backend/README.md "How long a PIN holds".
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { hashPin, verifyPin, verifyPinAsync } from '../backend/db/settingsRepo';

const stored = hashPin('246810');
const CHECKS = 20;
const RUNS = 5;

async function once(kind: 'idle' | 'scryptSync' | 'async') {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const at = performance.now();
  if (kind === 'idle') await new Promise((ok) => setTimeout(ok, 1_500));
  else if (kind === 'scryptSync')
    for (let i = 0; i < CHECKS; i++) {
      verifyPin('000000', stored);
      await new Promise((ok) => setImmediate(ok)); // one request per turn of the loop, as a server takes them
    }
  else await Promise.all(Array.from({ length: CHECKS }, () => verifyPinAsync('000000', stored)));
  const total = performance.now() - at;
  loop.disable();
  return { total, max: loop.max / 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
for (const kind of ['idle', 'scryptSync', 'async'] as const) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(kind));
  console.log(`${kind.padEnd(10)} ${CHECKS} checks: ${median(runs.map((r) => r.total)).toFixed(0)} ms; event loop's longest delay ${median(runs.map((r) => r.max)).toFixed(1)} ms`);
}
