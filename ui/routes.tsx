/** Pages by route, one to one with the specification. The core owns redirects and guards. */
import { Route, Switch } from 'wouter';
import { MissionsEmpty } from './missions/MissionsEmpty';

export function Routes() {
  return (
    <Switch>
      <Route path="/missions" component={MissionsEmpty} />
      <Route component={MissionsEmpty} />
    </Switch>
  );
}
