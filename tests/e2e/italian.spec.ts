/** Italian, complete: the language the startup settings name, and the one chosen in the wizard. */
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { tapKeys, tapPin } from './helpers/kiosk';

test.use({ simOptions: { demo: true, speed: 1 } });

test('with Italian startup settings the shell, login, errors, menu and alerts speak Italian', async ({ page, sim, settings, control }) => {
  await settings({ language: 'it' });
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Accesso' })).toBeVisible();
  await expect(page.getByText('Inserisci il tuo PIN di 6 cifre')).toBeVisible();
  await tapPin(page, '000000');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! I pin non corrispondono. Prova ancora');
  await checkScreen(page, '50-it-login-mismatch');
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Accedi' }).click();
  // The demo robot has missions: the list, in Italian.
  await expect(page).toHaveURL(/\/missions$/);
  await expect(page.getByPlaceholder('Cerca per destinazione, attività, destinatario...')).toBeVisible();
  // Each row's last run, in Italian (issue 18), and Run again.
  await expect(page.getByText(/^(Completata|Non completata) · /).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Esegui di nuovo: / }).first()).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveText('Connesso al robot');

  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(page.getByText('Tu e Node')).toBeVisible();
  await expect(page.getByText('Super amministratore')).toBeVisible();
  await checkScreen(page, '51-it-side-menu');
  await page.getByRole('button', { name: 'Spegni' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Node si spegnerà. Confermi?' })).toBeVisible();
  await page.getByRole('button', { name: 'Annulla' }).click();
  await page.getByRole('button', { name: 'Chiudi il menu' }).click();

  await control('alerts', { activate: { errors: ['node_lost'] } });
  await expect(page.getByRole('heading', { name: 'Mi sono perso!' })).toBeVisible();
  await expect(page.getByText('Puoi indicarmi dove mi trovo?')).toBeVisible();
  await checkScreen(page, '52-it-alert-lost');
  await control('battery', { charges: [0.5, 0.05] });
  await control('alerts', { resolve: { errors: ['node_lost'] } });
  await expect(page.getByRole('heading', { name: 'Autonomia limitata' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Avvia missione di ricarica' })).toBeVisible();
  await checkScreen(page, '53-it-alert-batteries');
});

// The wizard runs on a fresh robot: once a PIN exists, its date and settings calls need a session (api.md, Sessions).
test.describe('on a fresh robot', () => {
  test.use({ simOptions: { demo: false, speed: 1 } });

  test('choosing Italiano in the wizard switches the screens at once, keyboard included', async ({ page, sim }) => {
    await page.goto(`${sim.url}/fux/choose-language`);
    await waitForShell(page);
    await page.getByRole('button', { name: 'Italiano' }).click();
    await expect(page.getByRole('heading', { name: 'Scegli la lingua' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continua' })).toBeEnabled();
    await checkScreen(page, '54-it-choose-language');
    await page.getByRole('button', { name: 'Continua' }).click();
    await expect(page.getByRole('heading', { name: 'Scegli il paese' })).toBeVisible();
    await page.getByRole('button', { name: 'Italia' }).click();
    await page.getByRole('button', { name: 'Continua' }).click();
    await expect(page.getByRole('heading', { name: 'Imposta data e ora' })).toBeVisible();
    await page.getByRole('button', { name: 'Continua' }).click();
    await expect(page.getByRole('heading', { name: 'Il mio nome' })).toBeVisible();
    await page.getByTestId('robot-name-input').fill('');
    await tapKeys(page, 'Nodè');
    await expect(page.getByTestId('robot-name-input')).toHaveValue('Nodè');
    await checkScreen(page, '55-it-robot-name');
    await page.getByRole('button', { name: 'Salva e continua' }).click();
    await expect(page.getByRole('heading', { name: "Com'è allestito il mio lato destro?" })).toBeVisible();
    await page.goto(`${sim.url}/fux/tos`);
    await waitForShell(page);
    await expect(page.getByTestId('tos-text')).toContainText('non più di 5 anni');
    await checkScreen(page, '56-it-tos');
  });
});
