/** The map screens, one chunk loaded when a map page is first reached; it brings its own strings and styles. */
import { Route, Switch } from 'wouter';
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/map.en.json';
import it from '../../locales/areas/map.it.json';
import './map.css';
import { MapPage } from './MapPage';
import { MappingWaitPage } from './MappingWaitPage';
import { MappingTrackPage } from './MappingTrackPage';
import { MappingEditPage } from './MappingEditPage';
import { NodeLostPage } from './NodeLostPage';

addStrings({ en, it });

export default function MapRoutes() {
  return (
    <Switch>
      <Route path="/map" component={MapPage} />
      {/* /mapping is named by the specification without content of its own: mapping starts at its wait page. */}
      <Route path="/mapping" component={MappingWaitPage} />
      <Route path="/mapping/wait" component={MappingWaitPage} />
      <Route path="/mapping/track" component={MappingTrackPage} />
      <Route path="/mapping/edit" component={MappingEditPage} />
      <Route path="/node-lost" component={NodeLostPage} />
    </Switch>
  );
}
