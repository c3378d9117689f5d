import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../src/i18n';
import { act, fireEvent, screen } from '@testing-library/react';
import { MissionList } from '../../ui/missions/MissionList';
import { QuickWizard } from '../../ui/missions/quick/QuickWizard';
import { MovementPage } from '../../ui/movement/MovementPage';
import '../../ui/missions/strings';
import { renderWithCore, stateWith } from './render';
import { ACTIVITIES, DEFINITIONS, DESTINATIONS, RECIPIENTS } from '../core/missions/fixtures';
import { initialQuick, initialMissions } from '../../core/missions/types';

const loaded = { ...initialMissions(), status: 'loaded' as const, definitions: DEFINITIONS, destinations: DESTINATIONS, activities: ACTIVITIES, recipients: RECIPIENTS };

describe('the missions list', () => {
  // The Italian table is its own chunk (src/i18n.ts): these cases render in Italian.
  beforeAll(() => loadLanguage('it'));

  it('keeps the empty state and disables the search while there are no missions', () => {
    renderWithCore(<MissionList />, stateWith({ missions: { status: 'loaded' } }));
    expect(screen.getByRole('heading', { name: "I'm ready for new missions!" })).toBeTruthy();
    expect(screen.getByText('Press + and assign me a task!')).toBeTruthy();
    expect((screen.getByPlaceholderText('Search by destination, activity, recipient...') as HTMLInputElement).disabled).toBe(true);
  });

  it('groups under long dates in Italian, and says so when the search finds nothing', () => {
    renderWithCore(<MissionList />, stateWith({ missions: loaded, settings: { data: { language: 'it' }, status: 'loaded' } }));
    expect(screen.getByRole('heading', { name: '22 novembre 2026' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '20 novembre 2026' })).toBeTruthy();
    // Each row says what the back end knows (core/missions/rowStatus.ts), in Italian.
    expect(screen.getAllByText('Mai eseguita')).toHaveLength(3);
    fireEvent.change(screen.getByPlaceholderText('Cerca per destinazione, attività, destinatario...'), { target: { value: 'zzz' } });
    expect(screen.getByText('Nessuna missione trovata')).toBeTruthy();
  });

  it('opens a mission on its movement page', () => {
    const r = renderWithCore(<MissionList />, stateWith({ missions: loaded }));
    expect(screen.getByRole('heading', { name: 'November 22, 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Mission 01' }));
    expect(r.intents).toContainEqual({ type: 'ui/missionOpened', id: 8 });
  });

  it("shows each row's status: a wait and why, the last run's outcome and time, and Run again only where it can run", () => {
    const at = Date.UTC(2026, 10, 22, 8, 15);
    const missions = { ...loaded, queued: [8], lastRuns: { 7: { outcome: 'completed' as const, at, reason: null } }, endings: { 9: { outcome: 'failed' as const, at, reason: 'path blocked' } } };
    const r = renderWithCore(<MissionList />, stateWith({ missions, clock: { now: at + 3_600_000, tzOffsetMinutes: 0 }, connection: { robot: true }, teleop: { mode: 'MANUAL' } }));
    expect(screen.getByTestId('run-status-7').textContent).toBe('Completed · today at 08:15');
    expect(screen.getByTestId('run-status-8').textContent).toBe("Waiting: I'm in manual mode");
    expect(screen.getByTestId('run-status-9').textContent).toBe('Failed · today at 08:15Reason: path blocked');
    expect(screen.queryByRole('button', { name: 'Run again: Mission 01' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Run again: Mission 03' }));
    expect(r.intents).toContainEqual({ type: 'ui/runAgainPressed', id: 9 });
  });

  it("shows the finished mission's message, failed with its reason, and closes it", () => {
    const r = renderWithCore(<MissionList />, stateWith({ missions: { ...loaded, notice: { outcome: 'failed', id: 8, reason: 'path blocked' } } }));
    expect(screen.getByTestId('mission-notice').textContent).toBe('Mission failedReason: path blocked');
    fireEvent.click(screen.getByRole('button', { name: 'Close the message' }));
    expect(r.intents).toContainEqual({ type: 'ui/missionNoticeDismissed' });
  });
});

describe('the quick wizard', () => {
  it('shows the breadcrumb values and enables Skip on the who step but not on the destination step', () => {
    const quick = { ...initialQuick(), destination: 3, activity: 2 };
    const r = renderWithCore(<QuickWizard />, stateWith({ missions: loaded, quick }));
    expect(screen.getByRole('heading', { name: 'Who do you want to deliver to?' })).toBeTruthy();
    expect(screen.getByTestId('crumb-destination').textContent).toContain('Lab');
    expect(screen.getByTestId('crumb-activity').textContent).toContain('Pickup');
    expect((screen.getByTestId('crumb-message') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('skip'));
    expect(r.intents).toContainEqual({ type: 'ui/quickSkipped' });
    act(() => r.push({ quick: { ...quick, who: 1, jump: 'destination' } }));
    expect(screen.getByRole('heading', { name: 'Where do you want me to go?' })).toBeTruthy();
    expect((screen.getByTestId('skip') as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables Next on an empty message and the read confirmation without a message', () => {
    const quick = { ...initialQuick(), destination: 2, activity: 1, who: 1, loadDone: true };
    renderWithCore(<QuickWizard />, stateWith({ missions: loaded, quick }));
    expect((screen.getByTestId('next') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('read-confirmation') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('message-input'), { target: { value: 'Hi' } });
    expect((screen.getByTestId('next') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('read-confirmation') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('the movement screen', () => {
  it("counts down in m':ss\" and pauses on a tap anywhere", () => {
    const r = renderWithCore(<MovementPage />, stateWith({ missions: loaded, movement: { state: 'departing', missionId: 8, timerSeconds: 67 } }));
    expect(screen.getByTestId('countdown').textContent).toBe(`1'07"`);
    expect(screen.getByTestId('movement-info').textContent).toContain('Mission 01');
    fireEvent.click(screen.getByTestId('movement-tap'));
    expect(r.intents).toContainEqual({ type: 'ui/movementTapped' });
  });

  it('names the next destination and its recipients while waiting, and shows the movement errors', () => {
    renderWithCore(<MovementPage />, stateWith({ missions: loaded, movement: { state: 'waitingForInstructions', missionId: 8, stepIndex: 0, error: 'startMovementFailed' } }));
    // The names are NameText boxes inside the sentence, so the sentence spans elements.
    expect(screen.getByRole('status').textContent).toBe('My next destination will be Reception to Giulia');
    expect(screen.getByTestId('movement-error').textContent).toBe('Failed to start movement');
  });

  it('reads an activity sent with no recipients (recipients 0) as for anyone in the area', () => {
    const open = { ...DEFINITIONS[1]!, id: 9, steps: [{ ...DEFINITIONS[1]!.steps[1]!, activities: [{ ...DEFINITIONS[1]!.steps[1]!.activities[0]!, recipients: [] }] }] };
    renderWithCore(<MovementPage />, stateWith({ missions: { ...loaded, definitions: [...DEFINITIONS, open] }, movement: { state: 'inActivity', missionId: 9, stepIndex: 0 } }));
    // The name is a box of its own inside the sentence (TextWithName): read the sentence whole.
    expect(document.querySelector('.movement-big')?.textContent).toBe('Anyone in the area can manage the delivery');
  });
});
