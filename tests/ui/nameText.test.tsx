import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { NameText } from '../../ui/common/NameText';
import { renderWithCore } from './render';

const LONG = `Robot-${'x'.repeat(94)}`;

/** jsdom has no layout: make every name clip report a name this many pixels taller inside than it shows. */
function layout(hiddenPx: number): void {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 40 + hiddenPx });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 40 });
}

afterEach(() => {
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollHeight;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
});

describe('NameText', () => {
  it('shows a name that fits as plain text, broken and clamped to its lines', () => {
    layout(0);
    const { container } = renderWithCore(<NameText name="Node" lines={2} className="robot-name" />);
    expect(screen.queryByRole('button')).toBeNull();
    const clip = container.querySelector<HTMLElement>('.name-text-clip')!;
    expect(clip.textContent).toBe('Node');
    expect(clip.style.getPropertyValue('--name-lines')).toBe('2');
    expect(clip.getAttribute('dir')).toBe('auto');
    expect(container.querySelector('.name-text')!.className).toContain('robot-name');
  });

  it('makes a cut name a button named by the whole name; a tap shows it whole, a tap closes it', () => {
    layout(80);
    renderWithCore(<NameText name={LONG} />);
    const button = screen.getByRole('button', { name: LONG });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'The whole name' });
    expect(dialog.textContent).toContain(LONG);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('inside another control stays text even when cut (no control inside a control)', () => {
    layout(80);
    renderWithCore(
      <button type="button">
        <NameText name={LONG} inControl lines={3} />
      </button>,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button').textContent).toBe(LONG);
  });

  it('stays a button once cut, even where the button draws it a hair shorter, until the name changes', () => {
    // The plain span is cut; inside the button the same name measures as fitting (as Chromium drew an emoji
    // name). Flipping back to the span on that reading looped until React gave up.
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.closest('button') ? 40 : 120;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 40 });
    function Renamed() {
      const [name, setName] = useState(LONG);
      return (
        <>
          <NameText name={name} />
          <input type="checkbox" aria-label="rename" onChange={() => setName('Node')} />
        </>
      );
    }
    renderWithCore(<Renamed />);
    expect(screen.getByRole('button', { name: LONG })).toBeTruthy();
    layout(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'rename' }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Node')).toBeTruthy();
  });
});
