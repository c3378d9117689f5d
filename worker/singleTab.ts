/**
 * One browser tab: the first tab's worker holds a Web Lock for as long as it lives; a second tab's worker
 * cannot take it, starts nothing, and its page shows a notice instead of a second live session. The lock is
 * released when the holder goes away. Taken here, in the worker, so the page's main thread (busy loading
 * React at that moment) does not delay the start.
 */
const LOCK_NAME = 'robot-kiosk-session';

export async function claimSingleTab(): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator & { locks?: LockManager } | undefined)?.locks;
  if (!locks) return true; // no Web Locks (very old browser): allow rather than lock the person out
  return new Promise<boolean>((resolve) => {
    void locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(false);
        return undefined;
      }
      resolve(true);
      return new Promise<void>(() => undefined); // held until the tab goes away
    });
  });
}
