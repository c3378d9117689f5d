/** The first-use wizard's pages, one chunk loaded when the wizard is first reached. */
import { Route, Switch } from 'wouter';
import './strings';
import './fux.css';
import { HelloPage } from './HelloPage';
import { ChooseLanguagePage } from './ChooseLanguagePage';
import { ChooseCountryPage } from './ChooseCountryPage';
import { ChooseDateTimePage } from './ChooseDateTimePage';
import { FirstAccessPage } from './FirstAccessPage';
import { TosPage } from './TosPage';
import { RobotNamePage } from './RobotNamePage';
import { LoadStepPage } from './LoadStepPage';
import { HelloRobotPage } from './HelloRobotPage';
import { CarouselPage } from './CarouselPage';
import { CompleteProfilePage } from './CompleteProfilePage';
import { ChooseNewPinPage } from './ChooseNewPinPage';
import { ConfirmPinPage } from './ConfirmPinPage';
import { StartMappingPage } from './StartMappingPage';

export default function FuxRoutes() {
  return (
    <Switch>
      <Route path="/fux/hello" component={HelloPage} />
      <Route path="/fux/choose-language" component={ChooseLanguagePage} />
      <Route path="/fux/choose-country" component={ChooseCountryPage} />
      <Route path="/fux/choose-date-time" component={ChooseDateTimePage} />
      <Route path="/fux/first-access" component={FirstAccessPage} />
      <Route path="/fux/tos" component={TosPage} />
      <Route path="/fux/robot-name" component={RobotNamePage} />
      <Route path="/fux/load-step-right">
        <LoadStepPage side="right" />
      </Route>
      <Route path="/fux/load-step-left">
        <LoadStepPage side="left" />
      </Route>
      <Route path="/fux/hello-robot" component={HelloRobotPage} />
      <Route path="/fux/carousel" component={CarouselPage} />
      <Route path="/fux/complete-profile" component={CompleteProfilePage} />
      <Route path="/fux/choose-new-pin" component={ChooseNewPinPage} />
      <Route path="/fux/confirm-pin" component={ConfirmPinPage} />
      <Route path="/fux/start-mapping" component={StartMappingPage} />
    </Switch>
  );
}
