/** One line of the movement info: its label, and a name that breaks or is cut (and shows whole on a tap). */
import { NameText } from '../common/NameText';

export function InfoRow({ label, name }: { label: string; name: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <NameText name={name} lines={2} />
      </dd>
    </div>
  );
}
