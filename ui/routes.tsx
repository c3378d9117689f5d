/** Pages by route, one to one with the specification. The core owns redirects and guards. */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { DisclaimerPage } from './start/DisclaimerPage';
import { StartupPage } from './start/StartupPage';
import { ComingLater } from './start/ComingLater';
import { PageLoading } from './start/PageLoading';

// Beyond the first screen (the disclaimer or the startup logo) every page is its own chunk.
const DashboardPage = lazy(() => import('./start/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const LoginPage = lazy(() => import('./start/LoginPage').then((m) => ({ default: m.LoginPage })));
// The wizard runs once per robot: its pages load on first use, not with every start.
const FuxRoutes = lazy(() => import('./fux/FuxRoutes'));
// The missions list, its wizards and the movement screen: each its own chunk, with its strings.
const MissionsRoutes = lazy(() => import('./missions/MissionsRoutes'));
const MovementRoute = lazy(() => import('./movement/MovementRoute'));
// Data, diagnostics, teleoperation and joints: one chunk with their strings and styles.
const DataRoutes = lazy(() => import('./data/DataRoutes'));
const DATA_PATHS = ['/mission-data', '/diagnostic', '/control', '/joints'];
// The map screens (canvas, d3-zoom, their strings) load when a map page is first reached.
const MapRoutes = lazy(() => import('./map/MapRoutes'));
const mapRoutes = (
  <Suspense fallback={<PageLoading />}>
    <MapRoutes />
  </Suspense>
);
// The engineers' replay page: it renders a replayed shell around these same routes, handed to it as `pages`
// (it imports the shell, never this module, so there is no import circle).
const ReplayPage = lazy(() => import('./replay/ReplayPage'));
// Settings: the wizard's controls, changed one at a time (its own chunk, with the wizard's strings it reuses).
const SettingsPage = lazy(() => import('./settings/SettingsPage'));

export function Routes() {
  return (
    <Switch>
      {/* The index: the core sends it on to the disclaimer at once; a replayed moment before the kiosk's start shows where it goes. */}
      <Route path="/" component={DisclaimerPage} />
      <Route path="/disclaimer" component={DisclaimerPage} />
      <Route path="/startup" component={StartupPage} />
      <Route path="/user-dashboard">
        <Suspense fallback={<PageLoading />}>
          <DashboardPage />
        </Suspense>
      </Route>
      <Route path="/login">
        <Suspense fallback={<PageLoading />}>
          <LoginPage />
        </Suspense>
      </Route>
      <Route path="/missions/*?">
        <Suspense fallback={<PageLoading />}>
          <MissionsRoutes />
        </Suspense>
      </Route>
      <Route path="/movement/:id">
        <Suspense fallback={<PageLoading />}>
          <MovementRoute />
        </Suspense>
      </Route>
      <Route path="/fux/*">
        <Suspense fallback={<PageLoading />}>
          <FuxRoutes />
        </Suspense>
      </Route>
      {DATA_PATHS.map((path) => (
        <Route key={path} path={path}>
          <Suspense fallback={<PageLoading />}>
            <DataRoutes />
          </Suspense>
        </Route>
      ))}
      <Route path="/map">{mapRoutes}</Route>
      <Route path="/mapping">{mapRoutes}</Route>
      <Route path="/mapping/*">{mapRoutes}</Route>
      <Route path="/node-lost">{mapRoutes}</Route>
      <Route path="/settings">
        <Suspense fallback={<PageLoading />}>
          <SettingsPage />
        </Suspense>
      </Route>
      <Route path="/replay">
        <Suspense fallback={<PageLoading />}>
          <ReplayPage pages={Routes} />
        </Suspense>
      </Route>
      {/* Only for a path the specification does not name (tests/ui/knownRoutes.test.tsx). */}
      <Route component={ComingLater} />
    </Switch>
  );
}
