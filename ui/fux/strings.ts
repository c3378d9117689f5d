/** The first-use wizard's strings, registered when the wizard's lazy chunk loads (the wizard runs once per robot). */
import en from '../../locales/areas/fux.en.json';
import it from '../../locales/areas/fux.it.json';
import { addStrings } from '../../src/i18n';

addStrings({ en, it });
