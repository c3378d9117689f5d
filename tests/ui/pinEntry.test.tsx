import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { LoginPage } from '../../ui/start/LoginPage';
import { ChooseNewPinPage } from '../../ui/fux/ChooseNewPinPage';
import { renderWithCore, stateWith } from './render';

const tap = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByRole('button', { name: d }));
};
const input = () => screen.getByLabelText('PIN, 6 digits') as HTMLInputElement;
const boxes = () => [...document.querySelectorAll('.pin-box')].map((b) => b.textContent);

describe('PIN entry', () => {
  it('takes digits only, one per box, shows the last one for 1 s, and hands the PIN to the worker only', () => {
    vi.useFakeTimers();
    try {
      const r = renderWithCore(<LoginPage />, stateWith({ route: { path: '/login' } }));
      const login = screen.getByRole('button', { name: 'Login' });
      fireEvent.change(input(), { target: { value: '1a2' } });
      expect(input().value).toBe('12');
      expect(boxes()).toEqual(['•', '2', '', '', '', '']);
      act(() => void vi.advanceTimersByTime(1_000));
      expect(boxes()).toEqual(['•', '•', '', '', '', '']);
      tap('3456');
      fireEvent.click(screen.getByRole('button', { name: 'Delete the last digit' }));
      expect(input().value).toBe('12345');
      expect(login).toHaveProperty('disabled', true);
      tap('99');
      expect(input().value).toBe('123459');
      expect(login).toHaveProperty('disabled', false);
      fireEvent.click(login);
      expect(r.pins).toEqual([{ purpose: 'login', pin: '123459' }]);
      // The digits never travel as intents.
      expect(JSON.stringify(r.intents)).not.toMatch(/12345/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the boxes after a wrong answer and shows the catalogue message', () => {
    const r = renderWithCore(<LoginPage />, stateWith({ route: { path: '/login' } }));
    tap('111111');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    act(() => r.push({ setup: { ...r.store.getSnapshot()!.setup, pinError: 'notMatch', pinAttempts: 1 } }));
    expect(input().value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('Ops! The pin does not match. Please try again.');
  });

  it('counts the wait down after too many wrong PINs and keeps Login disabled', () => {
    const now = 1_000_000;
    const r = renderWithCore(
      <LoginPage />,
      stateWith({ clock: { now, tzOffsetMinutes: 0 }, setup: { pinError: 'tooManyAttempts', pinLockedUntil: now + 27_000 } }),
    );
    tap('123456');
    expect(screen.getByRole('alert').textContent).toBe('Too many wrong PINs. Please wait 27 seconds, then try again.');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', true);
    act(() => r.push({ clock: { now: now + 30_000, tzOffsetMinutes: 0 } }));
    expect(screen.getByRole('alert').textContent).toBe('You can try your PIN again now.');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', false);
  });

  it('holds a new PIN in the worker as soon as it is complete, and drops it on an edit', () => {
    const r = renderWithCore(<ChooseNewPinPage />, stateWith());
    tap('246810');
    expect(r.pins).toEqual([{ purpose: 'newPin', pin: '246810' }]);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    act(() => r.push({ setup: { ...r.store.getSnapshot()!.setup, newPinHeld: true } }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(r.intents).toContainEqual({ type: 'ui/wizardContinued', page: 'choose-new-pin' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the last digit' }));
    expect(r.intents).toContainEqual({ type: 'ui/pinCleared', purpose: 'newPin' });
  });
});
