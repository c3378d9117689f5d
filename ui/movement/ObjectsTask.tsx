/** The delivery and pickup lists: each object with its side and shelf, a select-all, and Done (spec 2.4). */
import { useState } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { currentActivity } from '../../core/missions/views';
import { flattenLoad } from '../../core/missions/load';
import { CheckField } from '../common/CheckField';
import { NameText } from '../common/NameText';
import { Dialog } from '../common/Dialog';

export function ObjectsTask({ kind }: { kind: 'inDelivery' | 'inPickup' }) {
  const t = useT();
  const { dispatch } = useActions();
  const activity = useCore((s) => currentActivity(s)?.activity);
  const asking = useCore((s) => s.movement.partialDone !== null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  if (!activity) return null;
  const items = flattenLoad({ left: activity.load_location_left, right: activity.load_location_right });
  const all = items.length > 0 && picked.size === items.length;
  const toggle = (i: number, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(i);
    else next.delete(i);
    setPicked(next);
  };
  return (
    <div className="task">
      <h2>{t(kind === 'inDelivery' ? 'movement.deliveryTitle' : 'movement.pickupTitle')}</h2>
      {/* One checklist: the select-all heads the objects it ticks, on their left edge, a rule between them. */}
      <div className="objects-card">
        <div className="objects-all">
          <CheckField
            label={t(kind === 'inDelivery' ? 'movement.pickedAll' : 'movement.includedAll')}
            checked={all}
            onChange={(on) => setPicked(on ? new Set(items.map((_, i) => i)) : new Set())}
            testId="select-all"
          />
        </div>
        <ul className="objects">
          {items.map((item, i) => (
            <li key={`${item.side}-${item.shelfIndex}-${item.itemIndex}`}>
              <CheckField
                label={
                  <>
                    <NameText name={item.value} lines={5} inControl className="object-name" />
                    {` · ${t('movement.object', { side: t(`load.${item.side}`), shelf: item.shelfIndex + 1 })}`}
                  </>
                }
                checked={picked.has(i)}
                onChange={(on) => toggle(i, on)}
              />
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="btn btn-primary btn-large"
        onClick={() => dispatch({ type: 'ui/objectsDone', items: items.filter((_, i) => picked.has(i)).map((x) => x.value) })}
        data-testid="objects-done"
      >
        {t('movement.done')}
      </button>
      {asking && (
        <Dialog title={t(kind === 'inDelivery' ? 'movement.partialTaken' : 'movement.partialIncluded')} tone="warn" testId="partial-dialog">
          <button type="button" className="btn btn-secondary" autoFocus onClick={() => dispatch({ type: 'ui/objectsPartialAnswered', finish: false })}>
            {t('movement.partialBack')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'ui/objectsPartialAnswered', finish: true })}>
            {t('movement.partialFinish')}
          </button>
        </Dialog>
      )}
    </div>
  );
}
