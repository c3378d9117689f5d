/**
 * What a mission's row and its waiting movement page say about it: the current mission's phase, a queued
 * mission's wait and why, or the last run's outcome and when (core/missions/rowStatus.ts).
 */
import { useCore } from '../../src/bridge/CoreContext';
import { useLanguage, useT, type Language, type Translate } from '../../src/i18n';
import { formatDate } from '../common/format';
import { rowStatus, type RowStatus } from '../../core/missions/rowStatus';
import { wallClock } from '../../core/time';
import { failReasonText } from '../movement/failReason';

const dayKey = (at: number, tz: number) => {
  const w = wallClock(at, tz);
  return `${w.year}-${w.month}-${w.day}`;
};

/** 'today at 10:30' or '21 Nov at 10:30' (Intl, in the page's language), in the kiosk's zone. */
function when(t: Translate, lang: Language, at: number, today: string, tz: number): string {
  const time = formatDate(lang, at, tz, 'time');
  if (dayKey(at, tz) === today) return t('missions.whenToday', { time });
  return t('missions.whenDay', { date: formatDate(lang, at, tz, 'short'), time });
}

/**
 * An ended run's status in two lines that never wrap (issue 34: badges wrapped to 2-4 lines, the date cut in
 * two): the outcome, then when. The text stays the translation's whole ("Completed · today at 10:30"), the
 * separator only hidden where the line breaks.
 */
function EndedText({ text, when: at }: { text: string; when: string }) {
  const [before = '', after = ''] = text.split(at);
  const sep = /\s*·\s*$/.exec(before)?.[0] ?? '';
  return (
    <>
      <span className="run-status-line">{before.slice(0, before.length - sep.length)}</span>
      {sep && <span className="run-status-sep">{sep}</span>}
      <span className="run-status-line">
        {at}
        {after}
      </span>
    </>
  );
}

/** `today`: the kiosk's current day as `dayKey` gives it. */
export function statusText(t: Translate, lang: Language, st: RowStatus, today: string, tz: number): string {
  switch (st.kind) {
    case 'waiting':
      return t(`missions.waiting.${st.reason ?? 'none'}`);
    case 'ended':
      return t(`missions.ended.${st.outcome}`, { when: when(t, lang, st.at, today, tz) });
    default:
      return t(`missions.status.${st.kind}`);
  }
}

/** The tone of a status, for its colour: busy (the robot on it), waiting, good, bad, or none. */
export function statusTone(st: RowStatus): string {
  if (st.kind === 'waiting') return 'wait';
  if (st.kind === 'never') return 'none';
  if (st.kind === 'ended') return st.outcome === 'completed' ? 'good' : 'bad';
  return 'busy';
}

export function RunStatus({ id, className }: { id: number; className: string }) {
  const t = useT();
  const lang = useLanguage();
  const st = useCore((s) => rowStatus(s, id), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const tz = useCore((s) => s.clock.tzOffsetMinutes);
  // The day only, so a row does not render again on every clock tick.
  const today = useCore((s) => dayKey(s.clock.now, s.clock.tzOffsetMinutes));
  const reason = st.kind === 'ended' && st.reason ? st.reason : null;
  const text = statusText(t, lang, st, today, tz);
  return (
    <span className={className} data-tone={statusTone(st)} data-testid={`run-status-${id}`}>
      {st.kind === 'ended' ? <EndedText text={text} when={when(t, lang, st.at, today, tz)} /> : text}
      {/* A known failure reason in the page's language, as the movement page's failed dialog says it. */}
      {reason && <span className="run-status-reason">{t('missions.noticeReason', { reason: failReasonText(reason, t) })}</span>}
    </span>
  );
}

/**
 * The run before the last one, under the row's badge: running a mission again does not hide how it ended last
 * time (issue 42: "Completed today at 05:08" was replaced by "Failed today at 05:11" without a trace).
 */
export function RunBefore({ id }: { id: number }) {
  const t = useT();
  const lang = useLanguage();
  const before = useCore((s) => {
    const st = rowStatus(s, id);
    return st.kind === 'ended' ? st.before : null;
  }, (a, b) => a?.at === b?.at && a?.outcome === b?.outcome);
  const tz = useCore((s) => s.clock.tzOffsetMinutes);
  const today = useCore((s) => dayKey(s.clock.now, s.clock.tzOffsetMinutes));
  if (!before) return null;
  return (
    <span className="run-status-before" data-testid={`run-before-${id}`}>
      <span className="run-status-line">{t('missions.before', { outcome: t(`missions.beforeOutcome.${before.outcome}`) })}</span>{' '}
      <span className="run-status-line">{when(t, lang, before.at, today, tz)}</span>
    </span>
  );
}
