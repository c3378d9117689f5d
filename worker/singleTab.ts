/**
 * One browser tab: the first tab's worker holds a Web Lock for as long as it lives; a second tab's worker
 * cannot take it, starts nothing, and its page shows a notice instead of a second live session. The lock is
 * released when the holder goes away. Taken here, in the worker, so the page's main thread (busy loading
 * React at that moment) does not delay the start.
 */
const LOCK_NAME = 'robot-kiosk-session';
/**
 * How long a start waits for the lock. A reload or a navigation in the same tab starts the new page's worker
 * while the old page's may still hold the lock for a moment (longer on a loaded machine): waiting this long tells
 * that apart from another tab, which holds it for good, instead of showing the other-tab notice on a reload.
 */
export const LOCK_WAIT_MS = 2_000;

export async function claimSingleTab(waitMs = LOCK_WAIT_MS): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator & { locks?: LockManager } | undefined)?.locks;
  if (!locks) return true; // no Web Locks (very old browser): allow rather than lock the person out
  return new Promise<boolean>((resolve) => {
    locks
      .request(LOCK_NAME, { signal: AbortSignal.timeout(waitMs) }, () => {
        resolve(true);
        return new Promise<void>(() => undefined); // held until the tab goes away
      })
      // Still held when the wait ran out: another tab has it.
      .catch(() => resolve(false));
  });
}
