/**
 * The browser entry: one chunk with React and the first screen, fetched at once (the worker does not wait for
 * it: the boot script in index.html started it while the parser read the page). Its first import starts the
 * live core before React evaluates (src/mainStart.ts). The worker claims the one-tab lock itself; when another
 * tab holds it, this page shows a notice instead.
 */
import { core, handle } from './mainStart';
import { renderApp, renderSecondTab } from './render';

renderApp(core);
void core.claimed.then((claimed) => {
  if (claimed) return;
  handle.dispose();
  renderSecondTab();
});
