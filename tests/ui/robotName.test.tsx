/** The robot's own name, not 'Node', wherever a text names the robot (issue 34), in English and Italian. */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { loadLanguage } from '../../src/i18n';
import { robotName } from '../../core/settings/robotName';
import { SideMenu } from '../../ui/shell/SideMenu';
import { TopBar } from '../../ui/shell/TopBar';
import { StartupPage } from '../../ui/start/StartupPage';
import { HelloPage } from '../../ui/fux/HelloPage';
import { ChooseNewPinPage } from '../../ui/fux/ChooseNewPinPage';
import { FirstAccessPage } from '../../ui/fux/FirstAccessPage';
import { renderWithCore, stateWith } from './render';

const named = (language: 'en' | 'it', robot_name: string | null) =>
  stateWith({ session: { login: true }, route: { path: '/missions' }, settings: { data: { language, robot_name, admin_name: 'Ada' }, status: 'loaded' } });

describe("the robot's name", () => {
  beforeAll(() => loadLanguage('it'));

  it('is the trimmed robot_name, or none while it is unset or blank', () => {
    expect(robotName(named('en', '  Ugo '))).toBe('Ugo');
    expect(robotName(named('en', '   '))).toBeNull();
    expect(robotName(named('en', null))).toBeNull();
  });

  it('names the robot in the top bar', () => {
    renderWithCore(<TopBar />, named('en', 'Ugo'));
    expect(screen.getByText('Ugo')).toBeTruthy();
    expect(screen.queryByText('Node')).toBeNull();
  });

  it('names the robot in the side menu and the power-off question, in English', () => {
    renderWithCore(<SideMenu open onClose={() => undefined} />, named('en', 'Ugo'));
    expect(screen.getByRole('list', { name: 'You and Ugo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ugo: go to the missions' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Power Off' }));
    expect(screen.getByRole('alertdialog', { name: 'Ugo will power off. Do you confirm?' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Node');
  });

  it('names the robot in the side menu and the power-off question, in Italian', () => {
    renderWithCore(<SideMenu open onClose={() => undefined} />, named('it', 'Ugo'));
    expect(screen.getByRole('list', { name: 'Tu e Ugo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spegni' }));
    expect(screen.getByRole('alertdialog', { name: 'Ugo si spegnerà. Confermi?' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Node');
  });

  it('names the robot on the startup screen, and is the product name before the robot is named', () => {
    const r = renderWithCore(<StartupPage />, named('en', 'Ugo'));
    expect(screen.getByRole('heading').textContent).toBe('Ugo');
    expect(screen.getByRole('region', { name: 'Ugo is starting' })).toBeTruthy();
    r.unmount();
    renderWithCore(<StartupPage />, named('en', null));
    expect(screen.getByRole('heading').textContent).toBe('Node');
  });

  it("names the robot in the wizard's greeting and PIN pages, in both languages", () => {
    const pages = [
      [<HelloPage key="h" />, "I'm Ugo, your new robot colleague.", 'Sono Ugo, il tuo nuovo collega robot.'],
      [<ChooseNewPinPage key="n" />, 'Enter a new 6-digit PIN to protect Ugo', 'Inserisci un nuovo PIN di 6 cifre per proteggere Ugo'],
      [<FirstAccessPage key="f" />, 'Enter the 6-digit PIN that came with Ugo', 'Inserisci il PIN di 6 cifre fornito con Ugo'],
    ] as const;
    for (const [page, english, italian] of pages) {
      for (const [language, text] of [['en', english], ['it', italian]] as const) {
        const r = renderWithCore(page, named(language, 'Ugo'));
        expect(document.body.textContent).toContain(text);
        expect(document.body.textContent).not.toContain('Node');
        r.unmount();
      }
    }
  });
});
