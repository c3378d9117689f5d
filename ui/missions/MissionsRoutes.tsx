/** The missions area: the list and the two wizards, one lazily loaded chunk with its strings and styles. */
import { Route, Switch } from 'wouter';
import './strings';
import './missions.css';
import { MissionList } from './MissionList';
import { QuickWizard } from './quick/QuickWizard';
import { PathWizard } from './path/PathWizard';

export default function MissionsRoutes() {
  return (
    <Switch>
      <Route path="/missions" component={MissionList} />
      <Route path="/missions/new-quick-mission" component={QuickWizard} />
      <Route path="/missions/new-path-mission" component={PathWizard} />
    </Switch>
  );
}
