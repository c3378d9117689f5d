/** Pages by route, one to one with the specification. The core owns redirects and guards. */
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { MissionsEmpty } from './missions/MissionsEmpty';
import { DisclaimerPage } from './start/DisclaimerPage';
import { StartupPage } from './start/StartupPage';
import { DashboardPage } from './start/DashboardPage';
import { LoginPage } from './start/LoginPage';
import { ComingLater } from './start/ComingLater';
import { PageLoading } from './start/PageLoading';
import { ReplayPage } from './replay/ReplayPage';

// The wizard runs once per robot: its pages load on first use, not with every start.
const FuxRoutes = lazy(() => import('./fux/FuxRoutes'));
// The map screens (canvas, d3-zoom, their strings) load when a map page is first reached.
const MapRoutes = lazy(() => import('./map/MapRoutes'));
const mapRoutes = (
  <Suspense fallback={<PageLoading />}>
    <MapRoutes />
  </Suspense>
);

export function Routes() {
  return (
    <Switch>
      <Route path="/disclaimer" component={DisclaimerPage} />
      <Route path="/startup" component={StartupPage} />
      <Route path="/user-dashboard" component={DashboardPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/missions" component={MissionsEmpty} />
      <Route path="/fux/*">
        <Suspense fallback={<PageLoading />}>
          <FuxRoutes />
        </Suspense>
      </Route>
      <Route path="/map">{mapRoutes}</Route>
      <Route path="/mapping/*">{mapRoutes}</Route>
      <Route path="/node-lost">{mapRoutes}</Route>
      {/* Static, not lazy: it renders the App itself, so a lazy chunk would split the whole shell out of main. */}
      <Route path="/replay" component={ReplayPage} />
      <Route component={ComingLater} />
    </Switch>
  );
}
