/**
 * Names are capped at 40 characters: as the on-screen keyboard types, the field counts ('12/40') and says when
 * the limit is reached, so a key typed beyond it is not lost without a word (issue 34). English and Italian.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { loadLanguage } from '../../src/i18n';
import { RobotNamePage } from '../../ui/fux/RobotNamePage';
import { SectionEditor } from '../../ui/settings/SectionEditor';
import { KeyboardProvider } from '../../ui/keyboard/KeyboardContext';
import { OnScreenKeyboard } from '../../ui/keyboard/OnScreenKeyboard';
import { renderWithCore, stateWith } from './render';

const withKeyboard = (page: React.ReactNode) => (
  <KeyboardProvider>
    {page}
    <OnScreenKeyboard />
  </KeyboardProvider>
);
const key = (k: string) => fireEvent.click(screen.getByRole('button', { name: k }));

describe('the name limit', () => {
  beforeAll(() => loadLanguage('it'));

  it('counts as the keyboard types, says when 40 is reached, and a key beyond it changes nothing', () => {
    renderWithCore(withKeyboard(<RobotNamePage />), stateWith());
    const field = screen.getByLabelText('Robot name') as HTMLInputElement;
    fireEvent.focus(field);
    const count = screen.getByTestId('field-count');
    expect(count.textContent).toBe('0/40');
    for (const k of 'robot') key(k);
    expect(count.textContent).toBe('5/40');
    expect(count.dataset.state).toBe('count');
    // The count is part of the field's description, as read to assistive technology.
    expect(field.getAttribute('aria-describedby')).toBe(count.id);
    for (let i = 5; i < 40; i++) key('a');
    expect(field.value).toHaveLength(40);
    expect(count.textContent).toBe('40/40 · Limit reached: 40 characters at most');
    expect(count.dataset.state).toBe('limit');
    key('b');
    expect(field.value).toHaveLength(40);
    expect(count.textContent).toBe('40/40 · Limit reached: 40 characters at most');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(count.textContent).toBe('39/40');
  });

  it('says the limit in Italian', () => {
    renderWithCore(withKeyboard(<RobotNamePage />), stateWith({ settings: { data: { language: 'it', robot_name: 'x'.repeat(40) }, status: 'loaded' } }));
    expect(screen.getByTestId('field-count').textContent).toBe('40/40 · Limite raggiunto: al massimo 40 caratteri');
  });

  it("settings' name editors take the same 40 and count too; a longer saved name is said too long and not saved", () => {
    const long = 'n'.repeat(45);
    const r = renderWithCore(
      withKeyboard(<SectionEditor section="admin_name" />),
      stateWith({ session: { login: true }, settings: { data: { language: 'en', admin_name: long }, status: 'loaded' } }),
    );
    const count = screen.getByTestId('field-count');
    expect(count.textContent).toBe('45/40 · Too long: 40 characters at most');
    fireEvent.focus(screen.getByLabelText('Username'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(count.dataset.state).toBe('over');
    const save = screen.getByTestId('settings-save');
    expect(save).toHaveProperty('disabled', true);
    for (let i = 44; i > 40; i--) fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(count.dataset.state).toBe('limit');
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    expect(r.intents).toContainEqual({ type: 'ui/settingSaved', field: 'admin_name', value: 'n'.repeat(40) });
  });
});
