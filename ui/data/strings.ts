/** Registers the strings of the data, diagnostic and teleoperation pages when one of their chunks loads. */
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/data.en.json';
import it from '../../locales/areas/data.it.json';

addStrings({ en, it });
