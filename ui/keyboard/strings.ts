/** The text fields' own strings (the character counter), registered with the lazy chunks that hold a field. */
import en from '../../locales/areas/field.en.json';
import it from '../../locales/areas/field.it.json';
import { addStrings } from '../../src/i18n';

addStrings({ en, it });
