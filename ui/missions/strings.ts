/**
 * The missions area's strings (list, wizards, load editor, movement), registered when the area's lazy chunk
 * loads, and the small text helpers the pages share.
 */
import en from '../../locales/areas/missions.en.json';
import it from '../../locales/areas/missions.it.json';
import { addStrings, type Language, type Translate } from '../../src/i18n';
import { formatDay } from '../common/format';
import { DELIVERY_ID } from '../../core/missions/views';

addStrings({ en, it });

/** Id 1 is delivery; any other id is shown as pickup (spec 3). */
export const activityKey = (id: number | null | undefined) => (id === DELIVERY_ID ? 'delivery' : 'pickup');

export function activityLabel(t: Translate, id: number | null | undefined): string {
  return t(`missions.activity.${activityKey(id)}`);
}

/** The long date heading (month 0-11): 'November 22, 2026', '22 novembre 2026'. */
export function longDate(lang: Language, g: { year: number; month: number; day: number }): string {
  return formatDay(lang, g.year, g.month + 1, g.day);
}
