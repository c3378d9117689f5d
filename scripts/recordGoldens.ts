/**
 * Re-records the core's golden files (tests/core/golden/*.json.gz) from the code as it is now.
 *
 * ONLY for a deliberate change of behaviour: the golden files are the proof that a refactor changed nothing
 * (tests/core/golden.test.ts replays the same logs and compares deep-equal). Re-recording after an accidental
 * change hides it. Run `npm run golden:record`, then review the test's failures from before the run and say
 * in the commit which behaviour changed and why. `npm run golden:record -- NAME...` re-records only those logs.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { GOLDEN_LOGS, record } from '../tests/core/golden/logs';

const only = process.argv.slice(2);
for (const log of GOLDEN_LOGS) {
  if (only.length > 0 && !only.includes(log.name)) continue;
  const started = performance.now();
  const golden = record(log);
  const file = `tests/core/golden/${log.name}.json.gz`;
  const zipped = gzipSync(JSON.stringify(golden), { level: 9 });
  writeFileSync(file, zipped);
  console.log(`${file}: ${golden.events} events, ${golden.states.length} states, ${(zipped.length / 1024).toFixed(0)} kB, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
