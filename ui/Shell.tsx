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
import { AlertBanner } from './shell/AlertBanner';
import { AlertOverlay } from './shell/AlertOverlay';
import { ShutdownNotice } from './shell/ShutdownNotice';
import { LockScreen } from './shell/LockScreen';

/** Asked only after leaving /control in manual mode: a chunk of its own, off the first screen. */
const ManualLeaveDialog = lazy(() => import('./teleop/ManualLeaveDialog'));
import { useActivity } from './shell/useActivity';
import { KeyboardProvider } from './keyboard/KeyboardContext';
import { KeyboardDock, loadKeyboard } from './keyboard/KeyboardDock';

/** The side menu is not on the first screen: it loads with its own chunk, fetched soon after start (below). */
const loadSideMenu = () => import('./shell/SideMenu');
const SideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));
/** How long after start the side menu's and the keyboard's chunks are fetched: after the first screen's work, well before a person's first tap. */
const SIDE_MENU_PRELOAD_MS = 1_000;

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
  useEffect(() => {
    const preload = setTimeout(() => (void loadSideMenu(), void loadKeyboard()), SIDE_MENU_PRELOAD_MS);
    return () => clearTimeout(preload);
  }, []);
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
          <KeyboardDock />
          {menuOpen && (
            <Suspense fallback={null}>
              <SideMenu open onClose={() => setMenuOpen(false)} />
            </Suspense>
          )}
          {askNormal && (
            <Suspense fallback={null}>
              <ManualLeaveDialog />
            </Suspense>
          )}
          <AlertOverlay />
          <LockScreen />
          <ShutdownNotice />
        </div>
      </KeyboardProvider>
    </Router>
  );
}
