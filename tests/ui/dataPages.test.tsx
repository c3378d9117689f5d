/** The data and teleop pages' wiring: the joystick's intents, the chosen-row count in the page's language. */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Joystick } from '../../ui/teleop/Joystick';
import MissionDataPage from '../../ui/data/MissionDataPage';
import DiagnosticPage from '../../ui/diagnostics/DiagnosticPage';
import ControlPage from '../../ui/teleop/ControlPage';
import { Routes } from '../../ui/routes';
import { renderWithCore, stateWith } from './render';

const connected = { teleop: { clientId: 'c', connected: true, mode: 'MANUAL' as const, joints: null, joystick: null, lastMove: null, adjustments: [], fieldErrors: [] } };

/** jsdom lays nothing out: give the pad a box so pointer positions mean something. */
function withBox(el: HTMLElement): HTMLElement {
  el.getBoundingClientRect = () => ({ left: 0, top: 0, width: 420, height: 420, right: 420, bottom: 420, x: 0, y: 0, toJSON: () => ({}) });
  el.setPointerCapture = () => undefined;
  return el;
}

describe('joystick', () => {
  it('reports where it is held (up is forward, left turns left) and lets go on release', () => {
    const r = renderWithCore(<Joystick disabled={false} />, stateWith(connected));
    const pad = withBox(screen.getByTestId('joystick'));
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 210, clientY: 75 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 75, clientY: 210 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    fireEvent.lostPointerCapture(pad, { pointerId: 1 });
    expect(r.intents).toEqual([
      { type: 'ui/joystickMoved', lvx: 1, lvy: 0, avz: 0 },
      { type: 'ui/joystickMoved', lvx: 0, lvy: 0, avz: 1 },
      { type: 'ui/joystickReleased', reason: 'release' },
    ]);
  });

  it('reports a pointer cancel as such, and a hidden page', () => {
    const r = renderWithCore(<Joystick disabled={false} />, stateWith(connected));
    const pad = withBox(screen.getByTestId('joystick'));
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 300, clientY: 210 });
    fireEvent.pointerCancel(pad, { pointerId: 1 });
    expect(r.intents.at(-1)).toEqual({ type: 'ui/joystickReleased', reason: 'cancel' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(r.intents.at(-1)).toEqual({ type: 'ui/pageHidden' });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('does nothing while disabled (socket closed)', () => {
    const r = renderWithCore(<Joystick disabled />, stateWith(connected));
    fireEvent.pointerDown(withBox(screen.getByTestId('joystick')), { pointerId: 1, clientX: 210, clientY: 0 });
    expect(r.intents).toEqual([]);
  });
});

describe('control page', () => {
  it('says when the socket is closed and labels the toggle from the robot mode', () => {
    const r = renderWithCore(<ControlPage />, stateWith({ route: { path: '/control' } }));
    expect(screen.getByTestId('teleop-offline').textContent).toContain('Not connected');
    act(() => r.push(stateWith(connected)));
    expect(screen.queryByTestId('teleop-offline')).toBeNull();
    expect(screen.getByTestId('mode-toggle').textContent).toBe('Switch to Normal Mode');
    fireEvent.click(screen.getByRole('button', { name: 'Place Rotation (z = 0.5)' }));
    expect(r.intents).toContainEqual({ type: 'ui/teleopPresetPressed', preset: 'placeRotation' });
  });

  it('the plus and minus buttons step a field by 0.1, and Submit sends the fields as typed', () => {
    const r = renderWithCore(<ControlPage />, stateWith(connected));
    const plusX = screen.getByRole('button', { name: 'Linear velocity x (m/s): plus 0.1' });
    fireEvent.click(plusX);
    fireEvent.click(plusX);
    fireEvent.click(screen.getByRole('button', { name: 'Angular velocity z (rad/s): minus 0.1' }));
    expect((screen.getByTestId('velocity-lvx') as HTMLInputElement).value).toBe('0.2');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(r.intents.at(-1)).toEqual({ type: 'ui/teleopSubmitted', lvx: '0.2', lvy: '0', avz: '-0.1' });
  });

  it('each press is a step from the value held, so presses before a redraw all count', () => {
    renderWithCore(<ControlPage />, stateWith(connected));
    const plusY = screen.getByRole('button', { name: 'Linear velocity y (m/s): plus 0.1' });
    const field = screen.getByTestId('velocity-lvy') as HTMLInputElement;
    // Three presses in one task: React redraws only after all three.
    act(() => {
      plusY.click();
      plusY.click();
      plusY.click();
    });
    expect(field.value).toBe('0.3');
    // The arrow keys of the spinbutton step the same way.
    act(() => {
      fireEvent.keyDown(field, { key: 'ArrowDown' });
      fireEvent.keyDown(field, { key: 'ArrowDown' });
    });
    expect(field.value).toBe('0.1');
  });
});

describe('mission data page', () => {
  const missions = [1, 2, 3].map((id) => ({
    id,
    definition_id: 1,
    started_at: `2026-11-0${id}T08:00:00Z`,
    ended_at: `2026-11-0${id}T08:30:00Z`,
    status: 'completed' as const,
    distance: 10 * id,
    steps: [{ destination_id: 3, activities: [{ activity_id: 1, performed_at: null, status: 'completed' }] }],
  }));
  const data = { period: { year: 2026, month: 11 }, status: 'loaded' as const, missions, destinations: { 3: 'Lab' }, selected: [1, 3], sort: { key: 'date' as const, descending: true }, export: { status: 'idle' as const, path: null } };

  it('counts the chosen rows in the page language', () => {
    const r = renderWithCore(<MissionDataPage />, stateWith({ missionData: data }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2 missions chosen');
    act(() => r.push({ settings: { status: 'loaded', data: { language: 'it' } } }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2 missioni scelte');
    // Numbers in the page's language: a decimal comma in Italian.
    expect(screen.getByTestId('tile-metres').textContent).toContain('60,0 m');
  });

  it("says its metres are the missions' only, and /diagnostic that its distance is all driving (issue 42)", () => {
    renderWithCore(<MissionDataPage />, stateWith({ missionData: data }));
    expect(screen.getByTestId('tile-metres').textContent).toContain('Metres travelled on missions');
    expect(screen.getByTestId('metres-note').textContent).toMatch(/missions of this month\. Diagnostic counts all of the robot's driving/);
    const d = renderWithCore(<DiagnosticPage />, stateWith({ diagnostics: { view: 'distance' } }));
    expect(d.getByTestId('chart-note').textContent).toMatch(/^Counts all of the robot's driving each day: missions, .*Mission Data counts only the driving during missions\.$/);
    act(() => d.push({ diagnostics: { ...d.store.getSnapshot()!.diagnostics, view: 'time' } }));
    expect(d.getByTestId('chart-note').textContent).toMatch(/^Counts the time the robot was busy/);
  });
});

describe('routes', () => {
  it('the data pages load lazily on their own paths, and other paths still reach their pages', async () => {
    const r = renderWithCore(<Routes />, stateWith({ route: { path: '/disclaimer' } }));
    expect(screen.getByRole('heading', { name: 'Welcome to the Node pilot' })).toBeTruthy();
    act(() => r.push({ route: { path: '/joints', search: '', replace: false, seq: 1, redirectAfterLogin: '/missions' } }));
    expect(await screen.findByRole('heading', { name: 'Joints State' })).toBeTruthy();
    act(() => r.push({ route: { path: '/disclaimer', search: '', replace: false, seq: 2, redirectAfterLogin: '/missions' } }));
    expect(screen.getByRole('heading', { name: 'Welcome to the Node pilot' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Joints State' })).toBeNull();
  });
});
