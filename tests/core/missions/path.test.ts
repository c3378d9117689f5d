import { describe, expect, it } from 'vitest';
import { loggedIn } from '../harness';
import { defaultMissionName, searchDestinations, stepStatus } from '../../../core/missions/views';
import { answerLoad, DESTINATIONS } from './fixtures';

function wizard() {
  const h = loggedIn('/missions');
  answerLoad(h);
  h.send({ type: 'ui/newMissionChosen', kind: 'path' });
  return h;
}

describe('the path mission wizard', () => {
  it("names a new draft 'Mission NN', the lowest two-digit number no definition uses", () => {
    expect(defaultMissionName([])).toBe('Mission 01');
    expect(defaultMissionName(['Mission 01', 'Mission 03', ''])).toBe('Mission 02');
    expect(defaultMissionName(Array.from({ length: 12 }, (_, i) => `Mission ${String(i + 1).padStart(2, '0')}`))).toBe('Mission 13');
    const h = wizard();
    expect(h.state.route.path).toBe('/missions/new-path-mission');
    // The fixtures hold 'Mission 01' and 'Mission 03'.
    expect(h.state.path).toMatchObject({ name: 'Mission 02', stage: 'destinations', steps: [] });
  });

  it('finds destinations by a case-insensitive substring; an empty query finds none; the search row id is steps + 100', () => {
    expect(searchDestinations(DESTINATIONS, 'LAB', 0)).toEqual({ rowId: 100, results: [DESTINATIONS[2], DESTINATIONS[3]] });
    expect(searchDestinations(DESTINATIONS, 'ory b', 2).results.map((d) => d.name)).toEqual(['Laboratory B']);
    expect(searchDestinations(DESTINATIONS, '  ', 3)).toEqual({ rowId: 103, results: [] });
  });

  it("adds steps with one empty activity, renumbers after a removal, and needs a step for 'Save and continue'", () => {
    const h = wizard();
    h.send({ type: 'ui/pathStageChosen', stage: 'activities' });
    expect(h.state.path.stage).toBe('destinations');
    h.send({ type: 'ui/pathStepAdded', destinationId: 3 });
    h.send({ type: 'ui/pathStepAdded', destinationId: 2 });
    h.send({ type: 'ui/pathStepAdded', destinationId: 99 });
    expect(h.state.path.steps.map((s) => [s.id, s.destination.name])).toEqual([[1, 'Lab'], [2, 'Reception']]);
    expect(h.state.path.steps[0]!.activities).toEqual([{ id: 0, activity: null, whos: [], message: '', messageReadRequired: false, loadLocationLeft: [], loadLocationRight: [] }]);
    h.send({ type: 'ui/pathStepRemoved', index: 0 });
    expect(h.state.path.steps.map((s) => [s.id, s.destination.name])).toEqual([[1, 'Reception']]);
    h.send({ type: 'ui/pathStageChosen', stage: 'activities' });
    expect(h.state.path.stage).toBe('activities');
  });

  it('refuses a new activity while one is incomplete and shows the step in error; deletes only with more than one', () => {
    const h = wizard();
    h.send({ type: 'ui/pathStepAdded', destinationId: 3 });
    h.send({ type: 'ui/pathStageChosen', stage: 'activities' });
    const step = () => h.state.path.steps[0]!;
    expect(stepStatus(step())).toBe('plain');
    h.send({ type: 'ui/pathActivityAdded', step: 0 });
    expect(step().activities).toHaveLength(1);
    expect(stepStatus(step())).toBe('error');
    h.send({ type: 'ui/pathActivityChanged', step: 0, activity: 0, patch: { activity: 1 } });
    expect(stepStatus(step())).toBe('error');
    h.send({ type: 'ui/pathActivityChanged', step: 0, activity: 0, patch: { whos: [3, 4, 3] } });
    expect(stepStatus(step())).toBe('complete');
    expect(step().activities[0]!.whos).toEqual([3, 4]);
    h.send({ type: 'ui/pathActivityRemoved', step: 0, activity: 0 });
    expect(step().activities).toHaveLength(1);
    h.send({ type: 'ui/pathActivityAdded', step: 0 });
    expect(step().activities.map((a) => a.id)).toEqual([0, 1]);
    h.send({ type: 'ui/pathActivityRemoved', step: 0, activity: 0 });
    expect(step().activities.map((a) => a.id)).toEqual([1]);
  });

  it('allows the read confirmation only with a message', () => {
    const h = wizard();
    h.send({ type: 'ui/pathStepAdded', destinationId: 3 });
    h.send({ type: 'ui/pathActivityChanged', step: 0, activity: 0, patch: { messageReadRequired: true } });
    expect(h.state.path.steps[0]!.activities[0]!.messageReadRequired).toBe(false);
    h.send({ type: 'ui/pathActivityChanged', step: 0, activity: 0, patch: { message: ' Hi ', messageReadRequired: true } });
    expect(h.state.path.steps[0]!.activities[0]).toMatchObject({ message: 'Hi', messageReadRequired: true });
    h.send({ type: 'ui/pathActivityChanged', step: 0, activity: 0, patch: { message: '' } });
    expect(h.state.path.steps[0]!.activities[0]).toMatchObject({ message: '', messageReadRequired: false });
  });

  it("refuses the overview while a step is incomplete, naming the unconfigured destinations, then saves and goes to /missions", () => {
    const h = wizard();
    h.send({ type: 'ui/pathStepAdded', destinationId: 3 });
    h.send({ type: 'ui/pathStepAdded', destinationId: 2 });
    h.send({ type: 'ui/pathStepRenamed', index: 1, name: 'Front desk' });
    h.send({ type: 'ui/pathStageChosen', stage: 'activities' });
    h.send({ type: 'ui/pathActivityChanged', step: 0, activity: 0, patch: { activity: 2, whos: [3] } });
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'path', step: 0, activity: 0 }, side: 'right', shelf: 1, value: 'samples' });
    h.send({ type: 'ui/pathStageChosen', stage: 'overview' });
    expect(h.state.path.stage).toBe('activities');
    expect(h.state.path.notConfigured).toEqual(['Front desk']);
    expect(stepStatus(h.state.path.steps[1]!)).toBe('error');
    h.send({ type: 'ui/pathDialogClosed' });
    expect(h.state.path.notConfigured).toBeNull();
    h.send({ type: 'ui/pathSavePressed' });
    expect(h.requests('api/mission/definition/path')).toEqual([]);

    h.send({ type: 'ui/pathStepSelected', index: 1 });
    h.send({ type: 'ui/pathActivityChanged', step: 1, activity: 0, patch: { activity: 1, whos: [1], message: 'Hello' } });
    h.send({ type: 'ui/pathStageChosen', stage: 'overview' });
    expect(h.state.path.stage).toBe('overview');
    h.send({ type: 'ui/pathSavePressed' });
    expect(h.lastRequest('api/mission/definition/path').body).toEqual({
      name: 'Mission 02',
      steps: [
        { destination_id: 3, activities: [{ activity_id: 2, recipients: [3], message: '', message_read_required: false, load_location_left: [[], []], load_location_right: [[], ['samples'], []] }] },
        { destination_id: 2, activities: [{ activity_id: 1, recipients: [1], message: 'Hello', message_read_required: false, load_location_left: [[], []], load_location_right: [[], [], []] }] },
      ],
    });
    h.answer('api/mission/definition/path', { id: 11, name: 'Mission 02', created_at: '2026-11-22T09:31:00Z', steps: [] });
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.path.steps).toEqual([]);
  });

  it('keeps the draft across the lock screen and other pages; Path resets it', () => {
    const h = wizard();
    h.send({ type: 'ui/pathStepAdded', destinationId: 3 });
    h.send({ type: 'ui/navigated', path: '/diagnostic' });
    h.advance(900_000);
    expect(h.state.session.lock).toBe(true);
    expect(h.state.path.steps).toHaveLength(1);
    h.send({ type: 'ui/newMissionChosen', kind: 'path' });
    expect(h.state.path.steps).toHaveLength(0);
  });
});
