/**
 * The inline boot script (scripts/firstScreenHtml.ts bundles it and inlines it into index.html's head): it runs
 * as the parser reaches it, before the body and before any module has downloaded, and starts the core's worker
 * at once, with the address in its name (worker/workerName.ts), so the worker downloads, compiles and starts
 * while the main thread still parses, paints the first screen and loads React; the entry adopts it
 * (src/bridge/connectWorker.ts). In the head rather than after `#root`: worker ready and React's first commit
 * came sooner so (bench/README.md at f0de46c), presumably because the worker's start, which needs the main thread for a
 * moment, no longer waits behind the first frame and React's evaluation. Written in at build time:
 * `__KIOSK_WORKER_URL__`, the worker chunk's address.
 */
import { encodeWorkerName } from '../worker/workerName';
import { putEarlyWorker, startAddress } from './earlyWorker';

declare const __KIOSK_WORKER_URL__: string;

const start = startAddress(window.location);
// Only the storm benchmark sets `__kioskBench` (see connectWorker.ts), in a script that runs before this one.
const name = encodeWorkerName({ start, bench: (window as { __kioskBench?: unknown }).__kioskBench !== undefined });
putEarlyWorker({ worker: new Worker(__KIOSK_WORKER_URL__, { type: 'module', name }), name });
