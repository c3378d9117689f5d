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

/** The punctuation written against a name (its quotes, a colon, a question mark): the run of non-spaces. */
const lead = (text: string) => /\S*$/.exec(text)?.[0] ?? '';
const trail = (text: string) => /^\S*/.exec(text)?.[0] ?? '';

/**
 * A name's box is an atomic inline, and a line may break before or after one whatever the characters round it
 * (Chromium ignores a word joiner there): 'Fermare la missione "Morning round' would leave '"?' alone on the
 * next line. So the punctuation written against a name goes with it in one unbreakable span.
 */
/**
 * The group fits its line (the name, a flex item with min-width 0, shrinks and wraps in its own box); an opening
 * quote sits on the name's first line, the closing punctuation on its last. Inline styles, not a stylesheet: a
 * stylesheet of this shared chunk would be one more file the first screen's preload list names.
 */
const GLUE: React.CSSProperties = { display: 'inline-flex', alignItems: 'baseline', maxWidth: '100%', verticalAlign: 'bottom' };
const OPEN: React.CSSProperties = { alignSelf: 'first baseline' };
const CLOSE: React.CSSProperties = { alignSelf: 'last baseline' };

export function TextWithName({ text, names, ...options }: TextWithNameProps) {
  // Split into words and names: [text, name index, text, name index, ..., text].
  const pieces: (string | number)[] = [''];
  for (const ch of text) {
    const i = ch.charCodeAt(0) - FIRST_SLOT;
    if (ch.length === 1 && i >= 0 && i < names.length) pieces.push(i, '');
    else pieces[pieces.length - 1] += ch;
  }
  const parts: React.ReactNode[] = [];
  let before = pieces[0] as string;
  for (let k = 1; k < pieces.length; k += 2) {
    const after = pieces[k + 1] as string;
    const open = lead(before);
    const close = trail(after);
    const name = <NameText name={names[pieces[k] as number] ?? ''} {...options} />;
    parts.push(before.slice(0, before.length - open.length));
    parts.push(
      open || close ? (
        <span key={k} className="name-glue" style={GLUE}>
          {open && <span style={OPEN}>{open}</span>}
          {name}
          {close && <span style={CLOSE}>{close}</span>}
        </span>
      ) : (
        <Fragment key={k}>{name}</Fragment>
      ),
    );
    before = after.slice(close.length);
  }
  parts.push(before);
  return <Fragment>{parts}</Fragment>;
}
