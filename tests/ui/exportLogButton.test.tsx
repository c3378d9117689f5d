import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MirrorStore } from '../../src/bridge/mirrorStore';
import { CoreProvider } from '../../src/bridge/CoreContext';
import { ExportLogButton } from '../../ui/replay/ExportLogButton';
import { stateWith } from './render';

function setup(exportLog: () => Promise<string>, language: 'en' | 'it' = 'en', exportLogFile?: () => Promise<Blob>) {
  const store = new MirrorStore();
  store.replace(stateWith({ setup: { language } }));
  const saved: { data: unknown; type: string }[] = [];
  const actions = { dispatch: () => undefined, submitPin: () => undefined, exportLog, ...(exportLogFile ? { exportLogFile } : {}) };
  render(
    <CoreProvider store={store} actions={actions}>
      <ExportLogButton makeUrl={(data, type) => (saved.push({ data, type }), `blob:test/${saved.length}`)} />
    </CoreProvider>,
  );
  return saved;
}

describe('Export log', () => {
  it("offers the kiosk's own log as JSON Lines the way the CSV exports do: a dialog with the file's link, and Ok", async () => {
    const log = '{"format":"kiosk-event-log","version":1}\n{"type":"ws/opened","at":1}\n';
    const saved = setup(async () => log);
    fireEvent.click(screen.getByRole('button', { name: 'Export log' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Your file is ready to download' });
    expect(saved).toEqual([{ data: log, type: 'application/x-ndjson' }]);
    const link = screen.getByTestId('log-link');
    expect(link.getAttribute('href')).toBe('blob:test/1');
    expect(link.getAttribute('download')).toMatch(/^kiosk-log-\d{4}-\d\d-\d\dT[\d-]+Z\.jsonl$/);
    expect(dialog.textContent).toContain('Log file generated: kiosk-log-');
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('saves the file the live worker streams from storage, never asking for the log as one string', async () => {
    const file = new Blob(['{"format":"kiosk-event-log","version":1}\n'], { type: 'application/x-ndjson' });
    const saved = setup(async () => {
      throw new Error('the string export must not be used');
    }, 'en', async () => file);
    fireEvent.click(screen.getByRole('button', { name: 'Export log' }));
    await screen.findByRole('alertdialog', { name: 'Your file is ready to download' });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.data).toBe(file);
  });

  it('says so when the log cannot be read, and can be tried again (in Italian too)', async () => {
    let fail = true;
    const saved = setup(async () => {
      if (fail) throw new Error('worker gone');
      return 'log';
    }, 'it');
    fireEvent.click(screen.getByRole('button', { name: 'Esporta registro' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossibile esportare il registro. Riprova.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Esporta registro' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
