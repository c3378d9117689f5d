/** 'Read the message': the text in a box scrolled by 20% of its height per press, and the read confirmation. */
import { useRef, useState } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { currentActivity } from '../../core/missions/views';
import { CheckField } from '../common/CheckField';
import { ChevronLeft, ChevronRight } from '../common/icons';

/** Spec 9: the message box scrolls by 20% of its visible height. */
const SCROLL_STEP = 0.2;

export function MessageTask() {
  const t = useT();
  const { dispatch } = useActions();
  const activity = useCore((s) => currentActivity(s)?.activity);
  const [confirmed, setConfirmed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  if (!activity) return null;
  const scroll = (dir: 1 | -1) => {
    const el = box.current;
    if (el) el.scrollTop += dir * el.clientHeight * SCROLL_STEP;
  };
  const required = activity.message_read_required;
  return (
    <div className="task">
      <h2>{t('movement.readMessage')}</h2>
      <div className="message-box-row">
        <div className="message-box" ref={box} tabIndex={0} data-testid="message-text">
          {activity.message}
        </div>
        <div className="message-scroll">
          <button type="button" className="icon-button scroll-up" aria-label={t('movement.scrollUp')} onClick={() => scroll(-1)}>
            <ChevronLeft />
          </button>
          <button type="button" className="icon-button scroll-down" aria-label={t('movement.scrollDown')} onClick={() => scroll(1)}>
            <ChevronRight />
          </button>
        </div>
      </div>
      {required && <CheckField label={t('movement.readConfirmation')} checked={confirmed} onChange={setConfirmed} testId="read-confirmation" />}
      <button type="button" className="btn btn-primary btn-large" disabled={required && !confirmed} onClick={() => dispatch({ type: 'ui/messageRead', confirmed })}>
        {t('movement.iRead')}
      </button>
    </div>
  );
}
