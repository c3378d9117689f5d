/**
 * One browser tab: the first tab holds a Web Lock for as long as it lives; a second tab cannot take it and
 * shows a notice instead of a second live session. The lock is released when the holder closes.
 */
const LOCK_NAME = 'robot-kiosk-session';

export async function claimSingleTab(): Promise<boolean> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
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
