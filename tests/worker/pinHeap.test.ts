import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';

/** Every string in a heap snapshot of `worker` that contains `needle`. */
async function stringsHolding(worker: Worker, needle: string): Promise<string[]> {
  const stream = await worker.getHeapSnapshot();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const snapshot = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { strings: string[] };
  return snapshot.strings.filter((s) => s.includes(needle));
}

function next(worker: Worker, kind: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (m.kind !== kind) return;
      worker.off('message', onMessage);
      resolve(m);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

let worker: Worker | null = null;
afterEach(async () => {
  await worker?.terminate();
  worker = null;
});

describe('the typed PIN in the worker heap', () => {
  it('is held while the login call is out, and nowhere in the heap once logged in', async () => {
    worker = new Worker(new URL('./tsWorker.mjs', import.meta.url), {
      workerData: { entry: new URL('./pinHeapWorker.ts', import.meta.url).href },
    });
    // Made at run time, so no source text in either heap holds it.
    const pin = String(100_000 + Math.floor(Math.random() * 900_000));
    const held = next(worker, 'held');
    worker.postMessage({ kind: 'login', pin });
    await held;
    // The control: while the call waits, the secret store holds the PIN, and the snapshot finds it.
    expect(await stringsHolding(worker, pin)).toContain(pin);

    const done = next(worker, 'done');
    worker.postMessage({ kind: 'go' });
    expect(await done).toMatchObject({ login: true, path: '/fux/start-mapping' });
    expect(await stringsHolding(worker, pin)).toEqual([]);
  }, 60_000);
});
