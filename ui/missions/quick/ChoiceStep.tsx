/** The destination, activity and who steps: big buttons, one touch chooses and moves on. */
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { ANYONE_ID, isBase, recipientsFor } from '../../../core/missions/views';
import type { QuickDraft } from '../../../core/missions/types';
import { Choices } from '../../fux/Choices';
import { HomeIcon } from '../../common/icons';
import { activityLabel } from '../strings';

const DEFAULT_COLOUR = '#d9d9d9';
/** The light default grey would not show on a white card: the home icon keeps the ink colour for it. */
const markColour = (c: string | null | undefined) => (!c || c.toLowerCase() === DEFAULT_COLOUR ? undefined : c);

export function ChoiceStep({ step, quick }: { step: 'destination' | 'activity' | 'who'; quick: QuickDraft }) {
  const t = useT();
  const { dispatch } = useActions();
  const m = useCore((s) => s.missions);
  const choices =
    step === 'destination'
      ? m.destinations.map((d) => ({
          value: d.id,
          label: d.name,
          isName: true,
          // The pin colour chosen on the map marks the destination here too (Base keeps its home icon, in it).
          picture: isBase(d) ? (
            <span className="destination-mark" style={{ color: markColour(d.color) }}>
              <HomeIcon />
            </span>
          ) : (
            <span className="destination-dot" style={{ background: d.color ?? DEFAULT_COLOUR }} aria-hidden="true" />
          ),
        }))
      : step === 'activity'
        ? m.activities.map((a) => ({ value: a.id, label: activityLabel(t, a.id) }))
        : recipientsFor(m.recipients, quick.destination, t('missions.anyone')).map((r) => ({ value: r.id, label: r.name, isName: r.id !== ANYONE_ID }));
  return (
    <Choices
      label={t(`quick.crumb.${step}`)}
      choices={choices}
      selected={quick[step]}
      columns={Math.min(4, Math.max(2, choices.length))}
      onPick={(id) => dispatch({ type: 'ui/quickChosen', field: step, id })}
    />
  );
}
