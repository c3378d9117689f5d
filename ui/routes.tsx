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

// The wizard runs once per robot: its pages load on first use, not with every start.
const FuxRoutes = lazy(() => import('./fux/FuxRoutes'));
// The engineers' replay page: it renders a replayed shell around these same routes, handed to it as `pages`
// (it imports the shell, never this module, so there is no import circle).
const ReplayPage = lazy(() => import('./replay/ReplayPage'));

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
      <Route path="/replay">
        <Suspense fallback={<PageLoading />}>
          <ReplayPage pages={Routes} />
        </Suspense>
      </Route>
      <Route component={ComingLater} />
    </Switch>
  );
}
