/**
 * A translated sentence with names inside it ('Destination {{name}}', 'Waiting at {{destination}} for
 * {{recipients}}'), each name drawn by NameText so that it breaks, is cut with an ellipsis and shows whole on a
 * tap, while the words round it keep the language's own order.
 *
 * Translate with `nameSlot(i)` in place of the i-th name (`t('map.editor.editTitle', { name: nameSlot(0) })`)
 * and pass the result as `text` with the names in the same order: each slot is replaced by its name. Text
 * without slots is shown as it is.
 */
import { Fragment } from 'react';
import { NameText, type NameTextProps } from './NameText';

/** Private-use characters, which no translation contains, mark where the names go. */
const FIRST_SLOT = 0xe000;

/** The marker of the i-th name in a translated text. */
export function nameSlot(i: number): string {
  return String.fromCharCode(FIRST_SLOT + i);
}

/**
 * The sentence as plain text, for a heading's accessible name: a browser puts spaces round the names' boxes
 * when it reads the heading's content ('Stop " Reception " mission?').
 */
export function withNames(text: string, names: string[]): string {
  let out = '';
  for (const ch of text) {
    const i = ch.charCodeAt(0) - FIRST_SLOT;
    out += ch.length === 1 && i >= 0 && i < names.length ? names[i] : ch;
  }
  return out;
}

export interface TextWithNameProps extends Omit<NameTextProps, 'name'> {
  text: string;
  names: string[];
}

/**
 * U+2060 WORD JOINER: no line break on either side. A name's box is an atomic inline, which a line may break
 * before or after; punctuation written against the name (its quotes, a question mark) must stay on its line,
 * or 'Fermare la missione "Morning round' would leave '"?' alone on the next one.
 */
const JOIN = '\u2060';
const touches = (ch: string | undefined) => ch !== undefined && ch !== JOIN && !/\s/.test(ch);

export function TextWithName({ text, names, ...options }: TextWithNameProps) {
  const parts: React.ReactNode[] = [];
  let rest = '';
  let afterName = false;
  for (const ch of text) {
    const i = ch.charCodeAt(0) - FIRST_SLOT;
    if (ch.length === 1 && i >= 0 && i < names.length) {
      parts.push(touches(rest.at(-1)) ? rest + JOIN : rest, <NameText key={parts.length} name={names[i] ?? ''} {...options} />);
      rest = '';
      afterName = true;
    } else {
      rest += afterName && rest === '' && touches(ch) ? JOIN + ch : ch;
      afterName = false;
    }
  }
  parts.push(rest);
  return <Fragment>{parts}</Fragment>;
}
