/**
 * One event whole, as the log holds it (the list's one-line summary cuts a payload: a failure's reason is often
 * past the cut). Read again from the log by the worker when opened; the list is one tap away.
 */
import { useEffect, useState } from 'react';
import { useT } from '../../src/i18n';
import type { EventRow } from '../../worker/replayApi';
import type { EventRows } from './replayTypes';
import { momentText } from './strings';

interface Props {
  remote: Pick<EventRows, 'eventText'> | null;
  row: EventRow;
  onClose(): void;
}

export function EventPayload({ remote, row, onClose }: Props) {
  const t = useT();
  // undefined while it is read; null when the worker no longer has it (another log opened meanwhile).
  const [text, setText] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void remote?.eventText(row.index).then((found) => live && setText(found));
    return () => {
      live = false;
    };
  }, [remote, row.index]);
  const title = t('replay.payloadTitle', { type: row.type, moment: momentText(row.at) });
  return (
    <section className="replay-payload" aria-label={title}>
      <div className="replay-panel-bar">
        <button type="button" className="btn btn-ghost" onClick={onClose} autoFocus>
          {t('replay.backToEvents')}
        </button>
        <h2>{title}</h2>
      </div>
      {text === undefined ? (
        <p className="replay-panel-note">{t('replay.reading')}</p>
      ) : text === null ? (
        <p className="replay-panel-note">{t('replay.payloadGone')}</p>
      ) : (
        // Focusable, so the text can be scrolled without a pointer too.
        <pre className="replay-payload-text" tabIndex={0} data-testid="replay-payload">
          {text}
        </pre>
      )}
    </section>
  );
}
