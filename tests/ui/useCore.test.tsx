/**
 * The store binding (src/bridge/CoreContext.tsx): `useCore` renders again only when its selection changes, keeps
 * an equal selection's identity, follows a selector that changed with the props; CoreProvider gives the tree the
 * translator and language of the state, and follows a language change.
 */
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { shallowEqual, useCore } from '../../src/bridge/CoreContext';
import { useLanguage, useT } from '../../src/i18n';
import { renderWithCore, stateWith } from './render';
import english from '../../locales/en.json';
import italian from '../../locales/it.json';

describe('useCore', () => {
  it('renders again only when the selected value changes', () => {
    const renders: number[] = [];
    function Now() {
      const now = useCore((s) => s.clock.now);
      renders.push(now);
      return <output>{now}</output>;
    }
    const { push, store } = renderWithCore(<Now />, stateWith({ clock: { now: 1000 } }));
    expect(renders).toEqual([1000]);
    act(() => push({ route: { ...store.getSnapshot()!.route, path: '/diagnostic' } }));
    expect(renders).toEqual([1000]);
    act(() => push({ clock: { ...store.getSnapshot()!.clock, now: 2000 } }));
    expect(renders).toEqual([1000, 2000]);
    expect(screen.getByRole('status').textContent).toBe('2000');
  });

  it('keeps an equal selection, by `equal`, and renders nothing for it', () => {
    const seen: number[][] = [];
    function Charges() {
      const charges = useCore((s) => s.batteries.charges.map((c) => c ?? -1), shallowEqual);
      seen.push(charges);
      return <output>{charges.join(',')}</output>;
    }
    const { push, store } = renderWithCore(<Charges />, stateWith({ batteries: { charges: [80, 40] } }));
    // A new state whose selection is equal but a fresh array: no render.
    act(() => push({ batteries: { ...store.getSnapshot()!.batteries, charges: [80, 40] } }));
    expect(seen).toHaveLength(1);
    act(() => push({ batteries: { ...store.getSnapshot()!.batteries, charges: [79, 40] } }));
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual([79, 40]);
    expect(screen.getByRole('status').textContent).toBe('79,40');
  });

  it('follows a selector that changed with the props, on the same state', () => {
    function Charge({ index }: { index: number }) {
      const charge = useCore((s) => s.batteries.charges[index] ?? null);
      return <output>{String(charge)}</output>;
    }
    function Picker() {
      const [index, setIndex] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setIndex(1)}>
            second
          </button>
          <Charge index={index} />
        </>
      );
    }
    renderWithCore(<Picker />, stateWith({ batteries: { charges: [80, 40] } }));
    expect(screen.getByRole('status').textContent).toBe('80');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('status').textContent).toBe('40');
  });
});

describe('the translator from CoreProvider', () => {
  it('speaks the state\'s language and follows a change of it', async () => {
    function Title() {
      const t = useT();
      return (
        <h1 lang={useLanguage()}>
          {t('lock.unlock')}
        </h1>
      );
    }
    const { push, store } = renderWithCore(<Title />);
    expect(screen.getByRole('heading', { name: english.lock.unlock }).getAttribute('lang')).toBe('en');
    await act(async () => push({ setup: { ...store.getSnapshot()!.setup, language: 'it' } }));
    // The Italian table is a chunk of its own: the text changes once it has arrived.
    expect((await screen.findByRole('heading', { name: italian.lock.unlock })).getAttribute('lang')).toBe('it');
    expect(italian.lock.unlock).not.toBe(english.lock.unlock);
  });
});
