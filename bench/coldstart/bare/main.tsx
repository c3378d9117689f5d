/**
 * The cold-start baseline: the least a page of this shape does. React renders one screen, and a module
 * worker wrapped with Comlink answers a ping; the same marks as src/liveApp.tsx time both.
 */
import * as Comlink from 'comlink';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { BareApi } from './worker';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'bare' });
void Comlink.wrap<BareApi>(worker)
  .ping()
  .then(() => performance.mark('kiosk:worker-ready'));

function Bare() {
  useEffect(() => {
    performance.mark('kiosk:first-screen');
  }, []);
  return <main>Bare</main>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Bare />
  </StrictMode>,
);
