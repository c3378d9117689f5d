/** The settings page's strings, and the wizard's it reuses (titles, choices, shelf layouts, PIN pages). */
import en from '../../locales/areas/settings.en.json';
import it from '../../locales/areas/settings.it.json';
import { addStrings } from '../../src/i18n';
import '../fux/strings';

addStrings({ en, it });
