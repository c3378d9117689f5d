/**
 * What the data, diagnostic and teleoperation pages share, loaded with whichever of their chunks comes first:
 * their strings (registered here) and their common styles.
 */
import './shared.css';
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/data.en.json';
import it from '../../locales/areas/data.it.json';

addStrings({ en, it });
