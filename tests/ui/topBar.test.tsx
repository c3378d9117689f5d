import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../src/i18n';
import { act, screen } from '@testing-library/react';
import { TopBar } from '../../ui/shell/TopBar';
import { renderWithCore, stateWith } from './render';

describe('TopBar', () => {
  // The Italian table is its own chunk (src/i18n.ts): these cases render in Italian.
  beforeAll(() => loadLanguage('it'));

  it('shows one battery icon per battery at its level, and re-renders on a push', () => {
    const r = renderWithCore(<TopBar />, stateWith({ connection: { starting: false }, batteries: { charges: [0.83, null], health: [1, 1] } }));
    expect(screen.getByRole('img', { name: 'Battery 1: 83%' }).getAttribute('data-level')).toBe('higher');
    expect(screen.getByRole('img', { name: 'Battery 2: unknown' }).getAttribute('data-level')).toBe('unknown');
    act(() => r.push({ batteries: { charges: [0.05], health: [1] } }));
    expect(screen.getAllByRole('img', { name: /Battery/ })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Battery 1: 5%' }).getAttribute('data-level')).toBe('empty');
  });

  it('speaks Italian when the settings say so', () => {
    renderWithCore(<TopBar />, stateWith({ connection: { starting: false }, settings: { data: { language: 'it' }, status: 'loaded' }, batteries: { charges: [0.5], health: [1] } }));
    expect(screen.getByRole('img', { name: 'Batteria 1: 50%' })).toBeTruthy();
    expect(screen.getByTestId('connection').textContent).toBe('Connessione al robot…');
  });

  it('while the start is still reaching the robot: no "Connecting", no "?" battery (issue 42)', () => {
    const r = renderWithCore(<TopBar />, stateWith({ batteries: { charges: [0.83, null], health: [1, 1] } }));
    expect(screen.getByTestId('connection').textContent).toBe('');
    expect(screen.getAllByRole('img', { name: /Battery/ })).toHaveLength(1);
    act(() => r.push({ connection: { ...r.store.getSnapshot()!.connection, backend: true, robot: true, starting: false } }));
    expect(screen.getByTestId('connection').textContent).toBe('Connected to the robot');
    act(() => r.push({ connection: { ...r.store.getSnapshot()!.connection, robot: false } }));
    expect(screen.getByTestId('connection').textContent).toBe('Connecting to the robot…');
    expect(screen.getAllByRole('img', { name: /Battery/ })).toHaveLength(2);
  });
});
