/**
 * The inline boot script (vite.config.ts bundles it and inlines it into index.html, right after `#root`):
 * it runs while the parser reads the page, before any module has downloaded, and
 * - starts the core's worker at once, with the address in its name (worker/workerName.ts), so the worker
 *   downloads, compiles and starts while the main thread still loads React; the entry adopts it
 *   (src/bridge/connectWorker.ts);
 * - drops the prerendered first screen unseen when the page opened at another route (it would flash).
 * Written in at build time: `__KIOSK_WORKER_URL__`, the worker chunk's address, and `__KIOSK_FIRST_SCREEN__`,
 * the addresses that open on the prerendered screen (src/firstScreen.ts, `firstScreenAddresses`).
 */
import { encodeWorkerName } from '../worker/workerName';
import { putEarlyWorker, startAddress } from './earlyWorker';

declare const __KIOSK_WORKER_URL__: string;
declare const __KIOSK_FIRST_SCREEN__: string[];

const start = startAddress(window.location);
// Only the storm benchmark sets `__kioskBench` (see connectWorker.ts), in a script that runs before this one.
const name = encodeWorkerName({ start, bench: (window as { __kioskBench?: unknown }).__kioskBench !== undefined });
putEarlyWorker({ worker: new Worker(__KIOSK_WORKER_URL__, { type: 'module', name }), name });
// An address written otherwise (a trailing slash) drops it too: the entry then renders the screen afresh.
if (!__KIOSK_FIRST_SCREEN__.includes(start.path)) document.getElementById('root')?.replaceChildren();
