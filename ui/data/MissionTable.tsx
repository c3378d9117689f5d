/**
 * One row per ended mission: a tick box to choose it for export, then date, start, end, duration,
 * destinations, activities completed of total, status and distance. Column headings sort.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { SORT_KEYS, type MissionRow, type SortKey } from '../../core/data/missionRows';
import { hoursMinutes } from '../../core/data/chartUnits';
import { NameText } from '../common/NameText';
import { useFormat } from '../common/format';

function SortHeading({ column }: { column: SortKey }) {
  const t = useT();
  const { dispatch } = useActions();
  const sort = useCore((s) => s.missionData.sort);
  const active = sort.key === column;
  return (
    <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'} className={`col-${column}`}>
      <button type="button" className="sort-button" onClick={() => dispatch({ type: 'ui/missionDataSorted', key: column })} data-testid={`sort-${column}`}>
        {t(`missionData.column.${column}`)}
        <span className="sort-mark" aria-hidden="true">
          {active ? (sort.descending ? '▼' : '▲') : ''}
        </span>
      </button>
    </th>
  );
}

export function MissionTable({ rows }: { rows: MissionRow[] }) {
  const t = useT();
  const { dispatch } = useActions();
  const selected = useCore((s) => s.missionData.selected);
  const all = rows.length > 0 && selected.length === rows.length;
  const f = useFormat();
  const date = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    return iso ? f.day(y!, m!, d!) : '';
  };
  return (
    <table className="mission-table" data-testid="mission-table">
      <thead>
        <tr>
          <th scope="col" className="col-pick">
            <input type="checkbox" className="pick" checked={all} onChange={() => dispatch({ type: 'ui/missionRowsAllToggled' })} aria-label={t('missionData.selectAll')} data-testid="select-all" />
          </th>
          {SORT_KEYS.map((k) => (
            <SortHeading key={k} column={k} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const dur = hoursMinutes(r.durationSeconds);
          return (
            <tr key={r.id} className={selected.includes(r.id) ? 'row-picked' : undefined} data-testid="mission-row" data-id={r.id}>
              <td className="col-pick">
                <input type="checkbox" className="pick" checked={selected.includes(r.id)} onChange={() => dispatch({ type: 'ui/missionRowToggled', id: r.id })} aria-label={t('missionData.selectRow', { date: date(r.date), start: r.start })} />
              </td>
              <td>{date(r.date)}</td>
              <td>{r.start}</td>
              <td>{r.end}</td>
              <td>{t('missionData.durationValue', dur)}</td>
              <td className="col-destinations">
                <NameText name={r.destinations.join(', ')} lines={2} />
              </td>
              <td>{t('missionData.activitiesValue', { done: r.completed, total: r.total })}</td>
              <td>
                <span className={`status status-${r.status}`}>{t(`missionData.status.${r.status}`)}</span>
              </td>
              <td className="col-num">{t('missionData.metresValue', { n: f.number(r.distance, 1, true) })}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
