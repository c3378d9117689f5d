/**
 * 'This event changed': for the event at the cursor (the last one at or before it), the state's paths it
 * changed, each with its value before and after, and the effects it produced (calls, navigation, timers), as the
 * replay worker works them out from the checkpoint before it.
 */
import { useT } from '../../src/i18n';
import type { DebugApi } from '../../worker/debugApi';
import { momentText } from './strings';
import { valueText } from './jsonRows';
import { useWorkerAnswer } from './useWorkerAnswer';

/** What the panel asks of the replay worker. */
export type EventChangesSource = Pick<DebugApi, 'eventChanges'>;

export function EventChangesPanel({ remote, position }: { remote: EventChangesSource | null; position: number }) {
  const t = useT();
  const answer = useWorkerAnswer(remote && (() => remote.eventChanges(position)), [remote, position]);
  if (answer === undefined) return <p className="replay-panel-note">{t('replay.reading')}</p>;
  const { event, paths, effects } = answer;
  if (!event) return <p className="replay-panel-note">{t('replay.noEventYet')}</p>;
  return (
    // Focusable: it scrolls when long, and a keyboard must be able to scroll it too (axe scrollable-region-focusable).
    <div className="replay-changes" tabIndex={0}>
      <h2 className="replay-changes-event">
        <span className="replay-event-time">{momentText(event.at)}</span> <span className="replay-event-type">{event.type}</span>
      </h2>
      <p className="replay-changes-summary">{event.summary}</p>
      <h3>{t('replay.changedPaths')}</h3>
      {paths.length === 0 ? (
        <p className="replay-panel-note">{t('replay.nothingChanged')}</p>
      ) : (
        <ChangeTable rows={paths.map((c) => ({ path: c.path, one: c.before, two: c.after }))} label={t('replay.changedPaths')} one={t('replay.before')} two={t('replay.after')} />
      )}
      <h3>{t('replay.effects')}</h3>
      {effects.length === 0 ? (
        <p className="replay-panel-note">{t('replay.noEffects')}</p>
      ) : (
        <ul className="replay-effects" aria-label={t('replay.effects')}>
          {effects.map((e, i) => (
            <li key={i}>
              <span className="replay-effect-kind">{t(`replay.effect.${e.kind}`)}</span>
              <span className="replay-effect-text">{e.text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Paths with two values each (before and after; at A and at B), one row a path. */
export function ChangeTable({ rows, label, one, two }: { rows: readonly { path: string; one: unknown; two: unknown }[]; label: string; one: string; two: string }) {
  const t = useT();
  return (
    <table className="replay-change-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('replay.path')}</th>
          <th scope="col">{one}</th>
          <th scope="col">{two}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.path}>
            <th scope="row">{c.path}</th>
            <td>{valueText(c.one)}</td>
            <td>{valueText(c.two)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
