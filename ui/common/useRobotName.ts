/**
 * The name to show for the robot: its own name once set, else the product's name ('Node', app.title), which
 * is what the robot is called before the wizard's robot-name step and before settings arrive.
 */
import { robotName } from '../../core/settings/robotName';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';

export function useRobotName(): string {
  const t = useT();
  return useCore(robotName) ?? t('app.title');
}
