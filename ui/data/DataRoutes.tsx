/**
 * The mission data, diagnostic, teleoperation and joints pages: one chunk, loaded when the first of them is
 * reached. (One chunk rather than four: chunks shared between several lazy chunks made the bundler split the
 * first screen's code into an extra, unpreloaded chunk.)
 */
import { Route, Switch } from 'wouter';
import MissionDataPage from './MissionDataPage';
import DiagnosticPage from '../diagnostics/DiagnosticPage';
import ControlPage from '../teleop/ControlPage';
import JointsPage from '../teleop/JointsPage';

export default function DataRoutes() {
  return (
    <Switch>
      <Route path="/mission-data" component={MissionDataPage} />
      <Route path="/diagnostic" component={DiagnosticPage} />
      <Route path="/control" component={ControlPage} />
      <Route path="/joints" component={JointsPage} />
    </Switch>
  );
}
