/**
 * The missions area's strings (list, wizards, load editor, movement), registered when the area's lazy chunk
 * loads, and the small text helpers the pages share.
 */
import en from '../../locales/areas/missions.en.json';
import it from '../../locales/areas/missions.it.json';
import { addStrings, type Translate } from '../../src/i18n';
import { DELIVERY_ID } from '../../core/missions/views';

addStrings({ en, it });

/** Id 1 is delivery; any other id is shown as pickup (spec 3). */
export const activityKey = (id: number | null | undefined) => (id === DELIVERY_ID ? 'delivery' : 'pickup');

export function activityLabel(t: Translate, id: number | null | undefined): string {
  return t(`missions.activity.${activityKey(id)}`);
}

/** The long date heading: 'November 22, 2026', '22 novembre 2026'. */
export function longDate(t: Translate, g: { year: number; month: number; day: number }): string {
  return t('missions.date', { year: g.year, month: t(`missions.month.${g.month}`), day: g.day });
}
