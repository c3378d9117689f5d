/**
 * A name that never breaks the layout: robot, administrator, destination, recipient, mission or object
 * names, which the back end accepts up to 100 characters with no spaces, in any script (right-to-left and
 * emoji included).
 *
 * It breaks the name anywhere and shows at most `lines` lines, the last cut with an ellipsis. When it is cut,
 * the name becomes a button: a tap (this is a touch screen, nothing needs hover) opens the whole name in a
 * small dialog, closed by a tap anywhere. Its accessible name is the whole name, as shown.
 *
 * Adopting it: replace `{name}` by `<NameText name={name} />` wherever a name is shown; give `lines` where two
 * or three lines fit (titles, cards); `className` styles the text (font size, weight). Its container must let
 * it shrink (`min-width: 0` in a flex row). Inside another control (a card that is itself a button or link),
 * pass `inControl`: it then never becomes a button (no control inside a control) and should get enough
 * `lines` for the longest name. Purely visual state; the strings are `common.name.*`.
 */
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { useT } from '../../src/i18n';

export interface NameTextProps {
  name: string;
  /** How many lines it may take before the ellipsis (1 by default). */
  lines?: number;
  className?: string;
  /** Inside a button or link: never a button itself. */
  inControl?: boolean;
}

export function NameText({ name, lines = 1, className = '', inControl = false }: NameTextProps) {
  const t = useT();
  // The clip is a new element when the name turns into a button (or back), so it is held as state: each new
  // one is measured and observed, and the old one's observer stops.
  const [clip, setClip] = useState<HTMLSpanElement | null>(null);
  // Which name (at how many lines) was found cut. It stays cut until the name changes: the button draws the
  // text a little differently from the plain span (in some fonts a hair shorter), and flipping back to the
  // span on such a reading would flip again, forever.
  const key = `${lines}\u0000${name}`;
  const [cutKey, setCutKey] = useState<string | null>(null);
  const cut = cutKey === key;
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const el = clip;
    if (!el) return undefined;
    // The clamp hides the overflow below the last line, so a cut name is taller inside than it shows.
    const measure = () => {
      if (el.isConnected && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)) setCutKey(key);
    };
    measure();
    // The clip keeps its size when its text reflows (a web font arriving), so that is measured again too.
    let live = true;
    void document.fonts?.ready.then(() => live && measure());
    if (typeof ResizeObserver !== 'function') return () => void (live = false);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [clip, key]);

  const text = (
    <span ref={setClip} className="name-text-clip" style={{ '--name-lines': lines } as CSSProperties} dir="auto">
      {name}
    </span>
  );
  if (inControl || !cut) return <span className={`name-text ${className}`}>{text}</span>;
  return (
    <>
      <button type="button" className={`name-text name-text-button ${className}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text}
      </button>
      {open && (
        <div className="backdrop" onClick={() => setOpen(false)}>
          <div className="dialog name-text-whole" role="dialog" aria-modal="true" aria-label={t('common.name.whole')}>
            <p dir="auto">{name}</p>
            <div className="dialog-actions">
              <button type="button" className="btn btn-primary" autoFocus>
                {t('common.name.close')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
