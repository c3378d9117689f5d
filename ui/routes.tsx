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
// Data, diagnostics, teleoperation and joints: one chunk with their strings and styles.
const DataRoutes = lazy(() => import('./data/DataRoutes'));
const DATA_PATHS = ['/mission-data', '/diagnostic', '/control', '/joints'];

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
      {DATA_PATHS.map((path) => (
        <Route key={path} path={path}>
          <Suspense fallback={<PageLoading />}>
            <DataRoutes />
          </Suspense>
        </Route>
      ))}
      {/* Static, not lazy: it renders the App itself, so a lazy chunk would split the whole shell out of main. */}
      <Route path="/replay" component={ReplayPage} />
      <Route component={ComingLater} />
    </Switch>
  );
}
