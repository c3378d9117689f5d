/**
 * The app shell around the pages: top bar with the menu handle, side menu, the page, the on-screen keyboard
 * docked below it, and the overlays (alerts, then the lock screen above everything). The pages come in as
 * children, so the replay page can render a replayed shell without this module depending on the routes.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { useCore } from '../src/bridge/CoreContext';
import { useCoreLocation, useHistorySync } from '../src/bridge/useCoreLocation';
import { useLanguage } from '../src/i18n';
import { TopBar } from './shell/TopBar';
import { SideMenu } from './shell/SideMenu';
import { AlertBanner } from './shell/AlertBanner';
import { AlertOverlay } from './shell/AlertOverlay';
import { LockScreen } from './shell/LockScreen';

/** Asked only after leaving /control in manual mode: a chunk of its own, off the first screen. */
const ManualLeaveDialog = lazy(() => import('./teleop/ManualLeaveDialog'));
import { useActivity } from './shell/useActivity';
import { KeyboardProvider } from './keyboard/KeyboardContext';
import { OnScreenKeyboard } from './keyboard/OnScreenKeyboard';

/**
 * `history`: the address bar follows the core's route (the live app). `ownsDocument`: the page's language
 * attribute follows this shell's (not for a replayed shell inside the replay page).
 */
export function Shell({ history = false, ownsDocument = true, children }: { history?: boolean; ownsDocument?: boolean; children: ReactNode }) {
  useHistorySync(history);
  useActivity();
  const lang = useLanguage();
  const path = useCore((s) => s.route.path);
  const askNormal = useCore((s) => s.teleop.askNormal && s.teleop.mode === 'MANUAL');
  useEffect(() => {
    if (ownsDocument) document.documentElement.lang = lang;
  }, [lang, ownsDocument]);
  const [menuOpen, setMenuOpen] = useState(false);
  // The side menu closes after any navigation, wherever it came from.
  const [menuPath, setMenuPath] = useState(path);
  if (menuPath !== path) {
    setMenuPath(path);
    setMenuOpen(false);
  }
  return (
    <Router hook={useCoreLocation}>
      <KeyboardProvider>
        <div className="shell" lang={lang}>
          <TopBar onOpenMenu={() => setMenuOpen(true)} />
          <AlertBanner />
          <main className="shell-main">
            {children}
          </main>
          <OnScreenKeyboard />
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
          {askNormal && (
            <Suspense fallback={null}>
              <ManualLeaveDialog />
            </Suspense>
          )}
          <AlertOverlay />
          <LockScreen />
        </div>
      </KeyboardProvider>
    </Router>
  );
}
