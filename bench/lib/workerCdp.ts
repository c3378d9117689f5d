/**
 * The Chrome DevTools Protocol on a page's dedicated worker (the core's), for the soak bench's heap readings
 * and the PIN heap test: a page session auto-attaches to the worker's target, unflattened, and commands and
 * events travel wrapped in Target messages. Playwright has no CDP session of its own for a worker.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

export interface WorkerCdp {
  /** Sends a command to the worker's target and resolves with its result. */
  call<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Listens to one of the worker target's events; returns the way to stop. */
  on(method: string, listener: (params: Record<string, unknown>) => void): () => void;
}

/** Attaches to the first dedicated worker of `page`; throws if none shows within 5 s. */
export async function attachToWorker(page: Page): Promise<WorkerCdp> {
  const cdp = await page.context().newCDPSession(page);
  let sessionId: string | null = null;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const listeners = new Map<string, ((params: Record<string, unknown>) => void)[]>();
  cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
    if (e.targetInfo.type === 'worker' && sessionId === null) sessionId = e.sessionId;
  });
  cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: Record<string, unknown> };
    if (m.id !== undefined) {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error.message));
      else w?.resolve(m.result);
    } else if (m.method) for (const l of listeners.get(m.method) ?? []) l(m.params ?? {});
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  for (let i = 0; i < 100 && sessionId === null; i++) await new Promise((r) => setTimeout(r, 50));
  if (sessionId === null) throw new Error('no worker target to attach to');
  const target = sessionId;
  let next = 0;
  return {
    call: <T>(method: string, params: Record<string, unknown> = {}) =>
      new Promise<T>((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        cdp.send('Target.sendMessageToTarget', { sessionId: target, message: JSON.stringify({ id, method, params }) }).catch(reject);
      }),
    on: (method, listener) => {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
      return () => listeners.set(method, (listeners.get(method) ?? []).filter((l) => l !== listener));
    },
  };
}

/** The worker's used heap in bytes, after a forced garbage collection. */
export async function workerHeapUsed(worker: WorkerCdp): Promise<number> {
  await worker.call('HeapProfiler.collectGarbage');
  const usage = await worker.call<{ usedSize: number }>('Runtime.getHeapUsage');
  return usage.usedSize;
}

/** Every string in a heap snapshot of the worker (the snapshot forces a garbage collection first). */
export async function workerHeapStrings(worker: WorkerCdp): Promise<string[]> {
  const chunks: string[] = [];
  const stop = worker.on('HeapProfiler.addHeapSnapshotChunk', (p) => chunks.push(String(p.chunk)));
  await worker.call('HeapProfiler.enable');
  await worker.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  stop();
  const snapshot = JSON.parse(chunks.join('')) as { strings: string[] };
  return snapshot.strings;
}

/** Calls a DevTools method on a worker through a browser session (`Target.sendMessageToTarget`). */
export type WorkerCall = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Attaches `cdp` (a browser session) to the replay worker and returns a way to call its methods. */
export async function replayWorkerCall(cdp: CDPSession, script = 'replayWorker'): Promise<WorkerCall> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes(script));
  if (!target) throw new Error(`no worker target from ${script}`);
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
  let id = 0;
  return (method, params = {}) =>
    new Promise((resolve) => {
      const mine = ++id;
      const onMessage = (event: { sessionId: string; message: string }) => {
        const reply = JSON.parse(event.message) as { id?: number; result?: Record<string, unknown> };
        if (event.sessionId !== sessionId || reply.id !== mine) return;
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        resolve(reply.result ?? {});
      };
      cdp.on('Target.receivedMessageFromTarget', onMessage);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: mine, method, params }) });
    });
}

/**
 * The replay worker's used JS heap, after a garbage collection, through the DevTools protocol (a dedicated
 * worker reports no `performance.memory`).
 */
/**
 * The bytes a `Runtime.getHeapUsage` answer counts: the JS heap and the array buffers' backing stores (where the
 * log's term sketch and the bytes read by range live), when the browser reports them.
 */
export function heapWithBuffers(usage: Record<string, unknown>): number {
  if (typeof usage.usedSize !== 'number') throw new Error('no heap usage in the answer');
  return usage.usedSize + (typeof usage.backingStorageSize === 'number' ? usage.backingStorageSize : 0);
}

export async function replayWorkerHeap(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const call = await replayWorkerCall(cdp);
    await call('HeapProfiler.collectGarbage');
    return heapWithBuffers(await call('Runtime.getHeapUsage'));
  } finally {
    await cdp.detach();
  }
}
