/** The replay area's strings, registered when the area's chunk loads (locales/areas/README.md). */
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/replay.en.json';
import it from '../../locales/areas/replay.it.json';

addStrings({ en, it });

/** A moment as the engineer reads it: the UTC date and time to the millisecond, as the logs stamp it. */
export function momentText(at: number): string {
  return new Date(at).toISOString().replace('T', ' ').replace('Z', '');
}
