/** Map screens against a fake mirror store: what they show from state and the intents they dispatch. */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/map.en.json';
import it_ from '../../locales/areas/map.it.json';
import { DestinationEditor } from '../../ui/map/DestinationEditor';
import { TrackPanel } from '../../ui/map/TrackPanel';
import { MapSidebar } from '../../ui/map/MapSidebar';
import { KeyboardProvider } from '../../ui/keyboard/KeyboardContext';
import { OnScreenKeyboard } from '../../ui/keyboard/OnScreenKeyboard';
import { initialMapEdit, type DestinationEditor as Editor } from '../../core/map/mapState';
import { renderWithCore, stateWith } from './render';

addStrings({ en, it: it_ });

const NEW: Editor = { id: null, x: 1, y: 2, orientation: null, color: '#d9d9d9', name: '', step: 'orientation', confirmDelete: false };
const withKeyboard = (page: React.ReactNode) => (
  <KeyboardProvider>
    {page}
    <OnScreenKeyboard />
  </KeyboardProvider>
);

describe('map screens', () => {
  it('the editor: Continue waits for a direction; Add waits for a name typed on the on-screen keyboard', () => {
    const r = renderWithCore(withKeyboard(<DestinationEditor editor={NEW} />), stateWith({ mapEdit: { ...initialMapEdit(), editor: NEW } }));
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'South-west' }));
    expect(r.intents).toContainEqual({ type: 'ui/destinationEdited', edit: { op: 'orientation', orientation: -135 } });
    r.unmount();

    const naming = { ...NEW, orientation: -135, step: 'naming' as const };
    const r2 = renderWithCore(withKeyboard(<DestinationEditor editor={naming} />), stateWith({ mapEdit: { ...initialMapEdit(), editor: naming } }));
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('Destination name'));
    for (const key of ['l', 'a', 'b']) fireEvent.click(screen.getByRole('button', { name: key }));
    expect(add).toHaveProperty('disabled', false);
    fireEvent.click(add);
    expect(r2.intents).toContainEqual({ type: 'ui/destinationEdited', edit: { op: 'save', name: 'lab' } });
    // A failed save: the error is said, and the name stays.
    act(() => r2.push({ mapEdit: { ...r2.store.getSnapshot()!.mapEdit, error: { what: 'save', message: 'boom' } } }));
    expect(screen.getByRole('alert').textContent).toContain('The destination was not saved (boom)');
    expect((screen.getByLabelText('Destination name') as HTMLInputElement).value).toBe('lab');
  });

  it('the paused panel shows the buttons of its state and sends them as panel actions', () => {
    const r = renderWithCore(<TrackPanel />, stateWith({ mapEdit: { ...initialMapEdit(), panel: 'default' } }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => r.push({ mapEdit: { ...initialMapEdit(), panel: 'pausing' } }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Add destination', 'Edit', 'End', 'Resume']);
    fireEvent.click(screen.getByRole('button', { name: 'Add destination' }));
    act(() => r.push({ mapEdit: { ...initialMapEdit(), panel: 'ending' } }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Continue', 'End']);
    fireEvent.click(screen.getByRole('button', { name: 'End' }));
    expect(r.intents).toEqual([
      { type: 'ui/mappingPanel', action: 'addDestination' },
      { type: 'ui/mappingPanel', action: 'end' },
    ]);
  });

  it('the sidebar lists destinations and zones, searches by substring, and deletes a zone', () => {
    const dest = (id: number, name: string) => ({ id, name, x: 0, y: 0, orientation: 0, resolution: 0.05, color: null, created_at: '' });
    const r = renderWithCore(
      withKeyboard(<MapSidebar />),
      stateWith({ mapEdit: { ...initialMapEdit(), destinations: [dest(1, 'Base'), dest(2, 'Office A')], zones: [{ id: 5, x: 1, y: 2, width: 3, height: 4 }] } }),
    );
    expect(screen.getByTestId('destination-list').textContent).toBe('BaseOffice A');
    expect(screen.queryByTestId('search-results')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search destinations'), { target: { value: 'FFI' } });
    expect(screen.getByTestId('search-results').textContent).toBe('Office A');
    fireEvent.click(screen.getByRole('button', { name: 'Delete zone 1' }));
    // It asks first (issue 18).
    fireEvent.click(screen.getByTestId('zone-delete-dialog').querySelector('.btn-danger')!);
    fireEvent.click(screen.getByRole('radio', { name: 'No-go zone' }));
    expect(r.intents).toEqual([
      { type: 'ui/zoneDeleted', id: 5 },
      { type: 'ui/mapToolChosen', tool: 'zone' },
    ]);
  });
});
