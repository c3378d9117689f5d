/**
 * A translated sentence that names the robot ('Enter a new 6-digit PIN to protect {{robot}}'), with the robot's
 * own name in it, drawn by TextWithName so that a long name is cut and shows whole on a tap.
 */
import { useT } from '../../src/i18n';
import { nameSlot, TextWithName } from './TextWithName';
import { useRobotName } from './useRobotName';

export function RobotNameText({ textKey, lines = 2 }: { textKey: string; lines?: number }) {
  const t = useT();
  const robot = useRobotName();
  return <TextWithName text={t(textKey, { robot: nameSlot(0) })} names={[robot]} lines={lines} />;
}
