import { describe, expect, it } from 'vitest';
import en from '../../locales/areas/missions.en.json';
import itStrings from '../../locales/areas/missions.it.json';
import { addStrings, loadLanguage, translator } from '../../src/i18n';
import { failReasonText } from '../../ui/movement/failReason';
import { FAIL_REASONS } from '../../backend/failReasons';

describe("a failed mission's reason", () => {
  addStrings({ en, it: itStrings });

  it("shows every reason the back end itself sends in the page's language", async () => {
    await loadLanguage('it');
    const [tEn, tIt] = [translator('en'), translator('it')];
    for (const [key, reason] of Object.entries(FAIL_REASONS)) {
      const italian = tIt(`movement.failedReasons.${key}`);
      expect(italian, key).not.toBe(`movement.failedReasons.${key}`);
      expect(failReasonText(reason, tIt), key).toBe(italian);
      expect(failReasonText(reason, tEn), key).toBe(reason);
    }
    expect(failReasonText('path blocked', tIt)).toBe('percorso bloccato');
    expect(tIt('movement.failedReason', { reason: failReasonText('Path Blocked ', tIt) })).toBe('Motivo: percorso bloccato');
  });

  it("shows a robot's own words as they came", () => {
    const tIt = translator('it');
    expect(failReasonText('Failed to find a valid plan. Even after executing recovery behaviors.', tIt)).toBe(
      'Failed to find a valid plan. Even after executing recovery behaviors.',
    );
  });
});
