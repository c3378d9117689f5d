/**
 * How long the simulator takes to answer byte ranges of a big static file, as a replay seek reads them (one
 * checkpoint interval, a few hundred kilobytes, at random places): `npx tsx bench/scale/rangeProbe.ts FILE
 * [BYTES] [COUNT]`. The simulator serves FILE's folder in a process of its own (this one forks it), so the
 * client's work is not on the server's event loop. Prints the median, p95 and max in milliseconds.
 */
import { fork } from 'node:child_process';
import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { startBenchSim } from '../lib/sim';
import { median, percentile } from '../lib/report';

const [file, bytesArg, countArg] = process.argv.slice(2);
if (process.env.RANGE_PROBE_SERVE) {
  const bench = await startBenchSim(process.env.RANGE_PROBE_SERVE);
  process.send!(bench.sim.url);
  process.on('disconnect', () => void bench.close().then(() => process.exit(0)));
} else {
  if (!file) throw new Error('usage: rangeProbe.ts FILE [BYTES] [COUNT]');
  const bytes = Number(bytesArg ?? 256 * 1024);
  const count = Number(countArg ?? 300);
  const size = statSync(file).size;
  const server = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, RANGE_PROBE_SERVE: resolve(dirname(file)) }, execArgv: ['--import', 'tsx'] });
  const base = await new Promise<string>((done) => server.once('message', (url) => done(String(url))));
  const url = `${base}/${basename(file)}`;
  let seed = 17;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const times: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const start = Math.floor(rand() * (size - bytes));
    const t0 = performance.now();
    const answer = await fetch(url, { headers: { range: `bytes=${start}-${start + bytes - 1}` } });
    const body = new Uint8Array(await answer.arrayBuffer());
    if (answer.status !== 206 || body.byteLength !== bytes) throw new Error(`answered ${answer.status} with ${body.byteLength} bytes`);
    if (i >= 20) times.push(performance.now() - t0); // the first few warm the connection and the JIT
  }
  server.disconnect();
  console.log(`${count} ranges of ${bytes} bytes: median ${median(times).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`);
}
