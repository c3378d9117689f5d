/** Pages by route, one to one with the specification. The core owns redirects and guards. */
import { lazy, Suspense, type ComponentType } from 'react';
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
// Data, diagnostics and teleoperation: each page its own chunk, with its strings and styles.
const ControlPage = lazy(() => import('./teleop/ControlPage'));
const JointsPage = lazy(() => import('./teleop/JointsPage'));
const DiagnosticPage = lazy(() => import('./diagnostics/DiagnosticPage'));
const MissionDataPage = lazy(() => import('./data/MissionDataPage'));

function Lazy({ page: LazyPage }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyPage />
    </Suspense>
  );
}

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
      <Route path="/mission-data">
        <Lazy page={MissionDataPage} />
      </Route>
      <Route path="/diagnostic">
        <Lazy page={DiagnosticPage} />
      </Route>
      <Route path="/control">
        <Lazy page={ControlPage} />
      </Route>
      <Route path="/joints">
        <Lazy page={JointsPage} />
      </Route>
      {/* Static, not lazy: it renders the App itself, so a lazy chunk would split the whole shell out of main. */}
      <Route path="/replay" component={ReplayPage} />
      <Route component={ComingLater} />
    </Switch>
  );
}
