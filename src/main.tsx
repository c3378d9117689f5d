/**
 * The browser entry, kept tiny on purpose: it starts the core's worker at once (see connectWorker.ts) and
 * tells it to start, while React loads as a separate chunk in parallel. The worker claims the one-tab lock
 * itself; when another tab holds it, this page shows a notice instead.
 */
import { connectWorker } from './bridge/connectWorker';
// The app's styles load with the page (a <link> in the head), not with the React chunk: the chunk then has
// no stylesheet to wait for before it runs.
import '../ui/app.css';
import { startLiveCore } from './liveCore';
import { startAddress } from './earlyWorker';

const start = startAddress(window.location);
const handle = connectWorker(start);
const core = startLiveCore(handle, start);
window.addEventListener('pagehide', () => handle.dispose());

void import('./render').then(async ({ renderApp, renderSecondTab }) => {
  renderApp(core);
  if (!(await core.claimed)) {
    handle.dispose();
    renderSecondTab();
  }
});
