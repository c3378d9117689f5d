import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../src/i18n';
import { act, fireEvent, screen } from '@testing-library/react';
import { ChooseLanguagePage } from '../../ui/fux/ChooseLanguagePage';
import { RobotNamePage } from '../../ui/fux/RobotNamePage';
import { LoadStepPage } from '../../ui/fux/LoadStepPage';
import { CarouselPage } from '../../ui/fux/CarouselPage';
import { ChooseDateTimePage } from '../../ui/fux/ChooseDateTimePage';
import { KeyboardProvider } from '../../ui/keyboard/KeyboardContext';
import { OnScreenKeyboard } from '../../ui/keyboard/OnScreenKeyboard';
import { renderWithCore, stateWith } from './render';

const withKeyboard = (page: React.ReactNode) => (
  <KeyboardProvider>
    {page}
    <OnScreenKeyboard />
  </KeyboardProvider>
);

describe('first-use pages', () => {
  // The Italian table is its own chunk (src/i18n.ts): these cases render in Italian.
  beforeAll(() => loadLanguage('it'));

  it('choose-language: Continue only once a language is chosen; the pick is an intent', () => {
    const r = renderWithCore(<ChooseLanguagePage />, stateWith());
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Italiano' }));
    expect(r.intents).toContainEqual({ type: 'ui/languageChosen', language: 'it' });
    act(() => r.push({ setup: { ...r.store.getSnapshot()!.setup, language: 'it' } }));
    expect(screen.getByRole('heading', { name: 'Scegli la lingua' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Italiano' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(r.intents.slice(-2)).toEqual([
      { type: 'ui/wizardContinued', page: 'choose-language' },
      { type: 'ui/wizardBack', page: 'choose-language' },
    ]);
  });

  it('robot-name: the on-screen keyboard types, Save is disabled while blank, and a failed save keeps the text', () => {
    const r = renderWithCore(withKeyboard(<RobotNamePage />), stateWith());
    const save = screen.getByRole('button', { name: 'Save and Continue' });
    const field = screen.getByLabelText('Robot name') as HTMLInputElement;
    fireEvent.focus(field);
    const keyboard = screen.getByRole('region', { name: 'On-screen keyboard' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Space' }));
    expect(field.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Shift' }));
    for (const k of ['R', 'o', 'b', 'o']) fireEvent.click(screen.getByRole('button', { name: k }));
    expect(field.value).toBe('Robo');
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    expect(r.intents).toContainEqual({ type: 'ui/wizardContinued', page: 'robot-name', value: 'Robo' });
    act(() => r.push({ setup: { ...r.store.getSnapshot()!.setup, save: 'failed', saveError: 'failed: internal' } }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Could not save/);
    expect(field.value).toBe('Robo');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(keyboard.isConnected).toBe(false);
  });

  it('load steps: three pictures, and the pick is stored per side', () => {
    const r = renderWithCore(<LoadStepPage side="left" />, stateWith());
    expect(screen.getByRole('heading', { name: 'How is my left side set up?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /^Triple/ }));
    expect(r.intents).toContainEqual({ type: 'ui/loadLayoutChosen', side: 'left', layout: 2 });
    expect(document.querySelectorAll('svg.shelf-picture')).toHaveLength(3);
  });

  it("carousel: 'Go to login' only on the last slide; Exit asks first", () => {
    const r = renderWithCore(<CarouselPage />, stateWith());
    const goToLogin = screen.getByRole('button', { name: 'Go to login' });
    expect(goToLogin).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(goToLogin).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(screen.getByRole('alertdialog', { name: 'Are you sure you want to exit?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Exit' })[1]!);
    expect(r.intents).toContainEqual({ type: 'ui/carouselExited' });
  });

  it('date and time: each press of a stepper asks the core for one step, the value the core wraps shown', () => {
    const at = Date.UTC(2026, 10, 22, 23, 59);
    const r = renderWithCore(<ChooseDateTimePage />, stateWith({ setup: { dateTime: at } }));
    expect(screen.getByTestId('hour').querySelector('output')!.textContent).toBe('23');
    fireEvent.click(screen.getByRole('button', { name: 'One hour later' }));
    fireEvent.click(screen.getByRole('button', { name: 'One hour later' }));
    fireEvent.click(screen.getByRole('button', { name: 'One minute later' }));
    fireEvent.click(screen.getByRole('button', { name: 'One minute earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'One hour earlier' }));
    expect(r.intents).toEqual([
      { type: 'ui/timeStepped', field: 'hour', by: 1 },
      { type: 'ui/timeStepped', field: 'hour', by: 1 },
      { type: 'ui/timeStepped', field: 'minute', by: 1 },
      { type: 'ui/timeStepped', field: 'minute', by: -1 },
      { type: 'ui/timeStepped', field: 'hour', by: -1 },
    ]);
  });
});
