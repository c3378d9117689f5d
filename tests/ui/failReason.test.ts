import { describe, expect, it } from 'vitest';
import en from '../../locales/areas/missions.en.json';
import itStrings from '../../locales/areas/missions.it.json';
import { addStrings, loadLanguage, translator } from '../../src/i18n';
import { failReasonText } from '../../ui/movement/failReason';

describe("a failed mission's reason", () => {
  addStrings({ en, it: itStrings });

  it("shows the back end's own reasons in the page's language", async () => {
    await loadLanguage('it');
    const [tEn, tIt] = [translator('en'), translator('it')];
    expect(failReasonText('path blocked', tIt)).toBe('percorso bloccato');
    expect(failReasonText('no path to the destination', tIt)).toBe('nessun percorso fino alla destinazione');
    expect(failReasonText('destination deleted', tIt)).toBe('destinazione eliminata');
    expect(failReasonText('path blocked', tEn)).toBe('path blocked');
    expect(tIt('movement.failedReason', { reason: failReasonText('Path Blocked ', tIt) })).toBe('Motivo: percorso bloccato');
  });

  it("shows a robot's own words as they came", () => {
    const tIt = translator('it');
    expect(failReasonText('Failed to find a valid plan. Even after executing recovery behaviors.', tIt)).toBe(
      'Failed to find a valid plan. Even after executing recovery behaviors.',
    );
  });
});
