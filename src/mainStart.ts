/**
 * The first thing the entry evaluates (src/main.tsx imports it before React): adopts the core's worker that the
 * boot script started (src/earlyStart.ts, src/bridge/connectWorker.ts) and asks it for the live state, before
 * React and the first screen's code evaluate in the same chunk.
 */
import { connectWorker } from './bridge/connectWorker';
// The app's styles: index.html carries them inline in a build (scripts/firstScreenHtml.ts).
import '../ui/app.css';
import { startLiveCore } from './liveCore';
import { startAddress } from './earlyWorker';

const start = startAddress(window.location);
export const handle = connectWorker(start);
export const core = startLiveCore(handle, start);
window.addEventListener('pagehide', () => handle.dispose());
