/**
 * The on-screen keyboard for text fields, docked under the page. It takes its height from the page area
 * rather than covering it, and scrolls the field into view, so the field typed into is never hidden.
 */
import { useEffect, useState } from 'react';
import { useLanguage, useT } from '../../src/i18n';
import { BackspaceIcon } from '../common/icons';
import { useKeyboard } from './KeyboardContext';
import { LAYOUTS, NUMERIC_KEYPAD } from './layouts';

const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();

export function OnScreenKeyboard() {
  const t = useT();
  const lang = useLanguage();
  const { target, hide } = useKeyboard();
  const [shift, setShift] = useState(false);

  useEffect(() => {
    if (target) document.getElementById(target.id)?.scrollIntoView?.({ block: 'nearest' });
  }, [target]);

  if (!target) return null;
  const type = (text: string) => {
    const value = target.get();
    if (value.length < target.maxLength) target.set(value + text);
    setShift(false);
  };
  const numeric = target.keypad === 'numeric';
  const rows = numeric ? NUMERIC_KEYPAD : LAYOUTS[lang];
  const last = rows.length - 1;
  const deleteKey = (
    <button type="button" className="osk-key osk-wide" aria-label={t('keyboard.delete')} onClick={() => target.set(target.get().slice(0, -1))}>
      <BackspaceIcon />
    </button>
  );
  const doneKey = (
    <button
      type="button"
      className="osk-key osk-done"
      onClick={() => {
        // Done finishes the field as Enter does (adds the person, keeps the message), then closes.
        target.done?.();
        hide();
        (document.activeElement as HTMLElement | null)?.blur();
      }}
    >
      {t('keyboard.done')}
    </button>
  );
  if (numeric) {
    return (
      <section className="osk osk-numeric" aria-label={t('keyboard.numericLabel')} data-testid="keyboard" data-keypad="numeric" onPointerDown={keepFocus}>
        {rows.map((row, r) => (
          <div key={r} className="osk-row">
            {row.map((k) => (
              <button key={k} type="button" className="osk-key" onClick={() => type(k)}>
                {k}
              </button>
            ))}
            {r === last && deleteKey}
            {r === last && doneKey}
          </div>
        ))}
      </section>
    );
  }
  return (
    <section className="osk" aria-label={t('keyboard.label')} data-testid="keyboard" data-keypad="letters" onPointerDown={keepFocus}>
      {rows.map((row, r) => (
        <div key={r} className="osk-row">
          {r === last && (
            <button type="button" className={`osk-key osk-wide${shift ? ' osk-on' : ''}`} aria-pressed={shift} onClick={() => setShift(!shift)}>
              {t('keyboard.shift')}
            </button>
          )}
          {row.map((k) => {
            const text = shift ? k.toLocaleUpperCase(lang) : k;
            return (
              <button key={k} type="button" className="osk-key" onClick={() => type(text)}>
                {text}
              </button>
            );
          })}
          {r === last && deleteKey}
        </div>
      ))}
      <div className="osk-row">
        {/* The underscore of codes and names such as node_lost (issue 42: /replay's search could not type them). */}
        <button type="button" className="osk-key" onClick={() => type('_')}>
          _
        </button>
        <button type="button" className="osk-key osk-space" onClick={() => type(' ')}>
          {t('keyboard.space')}
        </button>
        {doneKey}
      </div>
    </section>
  );
}
