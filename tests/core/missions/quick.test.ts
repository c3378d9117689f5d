import { describe, expect, it } from 'vitest';
import { loggedIn } from '../harness';
import { loadCrumb, messageCrumb, quickStep } from '../../../core/missions/views';
import { answerLoad, DESTINATIONS } from './fixtures';

function wizard() {
  const h = loggedIn('/missions/new-quick-mission');
  answerLoad(h);
  return h;
}
const step = (h: ReturnType<typeof wizard>) => quickStep(h.state.quick);

describe('the quick mission wizard', () => {
  it('shows the first step not filled in, in order, ending on start', () => {
    const h = wizard();
    expect(step(h)).toBe('destination');
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
    // The activity is filled, but the destination is still the first unfilled step.
    expect(step(h)).toBe('destination');
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 3 });
    expect(step(h)).toBe('who');
    h.send({ type: 'ui/quickChosen', field: 'who', id: 4 });
    expect(step(h)).toBe('load');
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side: 'right', shelf: 2, value: ' charger ' });
    h.send({ type: 'ui/quickLoadConfirmed' });
    expect(step(h)).toBe('message');
    h.send({ type: 'ui/quickMessageConfirmed', message: 'Hello there, Sara', readAck: true });
    expect(step(h)).toBe('start');
    expect(h.state.quick).toMatchObject({ message: 'Hello there, Sara', messageReadAck: true, load: { left: [], right: [[], [], ['charger']] } });
  });

  it('refuses Next on an empty load and an empty message', () => {
    const h = wizard();
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 2 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
    h.send({ type: 'ui/quickChosen', field: 'who', id: 2 });
    h.send({ type: 'ui/quickLoadConfirmed' });
    expect(step(h)).toBe('load');
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side: 'left', shelf: 0, value: 'box' });
    h.send({ type: 'ui/quickLoadConfirmed' });
    h.send({ type: 'ui/quickMessageConfirmed', message: '   ', readAck: true });
    expect(step(h)).toBe('message');
  });

  it('skips only who, load and message: Anyone in the area, an empty load, an empty message', () => {
    const h = wizard();
    h.send({ type: 'ui/quickSkipped' });
    expect(step(h)).toBe('destination');
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 2 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 2 });
    h.send({ type: 'ui/quickSkipped' });
    expect(h.state.quick.who).toBe(1);
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side: 'left', shelf: 0, value: 'box' });
    h.send({ type: 'ui/quickSkipped' });
    expect(h.state.quick).toMatchObject({ load: { left: [], right: [] }, loadDone: true });
    h.send({ type: 'ui/quickSkipped' });
    expect(h.state.quick).toMatchObject({ message: '', messageDone: true, messageReadAck: false });
    expect(step(h)).toBe('start');
    h.send({ type: 'ui/quickSkipped' });
    expect(step(h)).toBe('start');
  });

  it("shows the breadcrumb's load as counts and the message cut to 10 characters, or '-'", () => {
    const h = wizard();
    for (const [side, shelf, value] of [['left', 0, 'a'], ['right', 0, 'b'], ['right', 1, 'c'], ['right', 1, 'd']] as const)
      h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side, shelf, value });
    expect(loadCrumb(h.state.quick)).toEqual({ left: 1, right: 3 });
    expect(messageCrumb('')).toBe('-');
    expect(messageCrumb('Sign the papers please')).toBe('Sign the p...');
  });

  it('jumps back to a filled step from the breadcrumb, then resumes at the first unfilled one', () => {
    const h = wizard();
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 2 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
    h.send({ type: 'ui/quickStepJumped', step: 'message' });
    expect(step(h)).toBe('who');
    h.send({ type: 'ui/quickStepJumped', step: 'destination' });
    expect(step(h)).toBe('destination');
    // Another destination forgets the recipient chosen for the old one.
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 3 });
    expect(step(h)).toBe('who');
  });

  it("'Start mission' creates the quick definition with one array per shelf, and goes back to /missions", () => {
    const h = wizard();
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 3 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
    h.send({ type: 'ui/quickChosen', field: 'who', id: 3 });
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side: 'left', shelf: 1, value: 'box A' });
    // COMPLETE_SETTINGS: left double (2 shelves), right triple (3): a third left shelf does not exist.
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side: 'left', shelf: 2, value: 'nowhere' });
    h.send({ type: 'ui/quickLoadConfirmed' });
    h.send({ type: 'ui/quickMessageConfirmed', message: 'Hi', readAck: false });
    h.send({ type: 'ui/quickStartPressed' });
    expect(h.lastRequest('api/mission/definition/quick')).toMatchObject({
      method: 'POST',
      body: { destination_id: 3, activity_id: 1, recipient_id: 3, load_location_left: [[], ['box A']], load_location_right: [[], [], []], message: 'Hi', message_read_required: false },
    });
    expect(h.state.missions.save).toBe('pending');
    h.answer('api/mission/definition/quick', { id: 10, name: '', created_at: '2026-11-22T09:30:00Z', steps: [] });
    expect(h.state.route.path).toBe('/missions');
    expect(step(h)).toBe('destination');
    expect(h.state.missions.status).toBe('pending');
  });

  it('keeps the draft and says why when the create is refused', () => {
    const h = wizard();
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 3 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
    for (let i = 0; i < 3; i++) h.send({ type: 'ui/quickSkipped' });
    h.send({ type: 'ui/quickStartPressed' });
    h.answer('api/mission/definition/quick', 'invalid_request', 400);
    expect(h.state.route.path).toBe('/missions/new-quick-mission');
    expect(h.state.missions).toMatchObject({ save: 'failed', saveError: 'failed: invalid_request' });
    expect(step(h)).toBe('start');
  });

  it("'Start charging mission' on a back end without the charging call: a quick mission to Base at once, with no wizard", () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    h.ws('robot/alert_update', { activated_errors: [], activated_warnings: ['battery_1_low'], resolved_errors: [], resolved_warnings: [] });
    h.send({ type: 'ui/navigated', path: '/diagnostic' });
    h.send({ type: 'ui/chargingMissionPressed' });
    expect(h.state.missions.charging).toBe('pending');
    // A second press while it starts does nothing more.
    h.send({ type: 'ui/chargingMissionPressed' });
    expect(h.requests('api/mission/charging')).toHaveLength(1);
    h.answer('api/mission/charging', 'not_found', 404);
    const loads = h.requests('api/destinations').length;
    h.send({ type: 'ui/chargingMissionPressed' });
    expect(h.requests('api/destinations')).toHaveLength(loads);
    h.answer('api/destinations', DESTINATIONS);
    expect(h.lastRequest('api/mission/definition/quick').body).toEqual({
      destination_id: 1,
      activity_id: 1,
      recipient_id: 1,
      load_location_left: [],
      load_location_right: [],
      message: '',
      message_read_required: false,
    });
    h.answer('api/mission/definition/quick', { id: 30, name: '', created_at: '2026-11-22T09:30:00Z', steps: [] });
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.missions).toMatchObject({ charging: 'idle', queued: [30] });
    expect(h.state.quick.destination).toBeNull();
  });

  it('says so when there is no Base to go to, or the create fails', () => {
    const h = loggedIn('/missions');
    h.ws('robot/alert_update', { activated_errors: [], activated_warnings: ['battery_1_low'], resolved_errors: [], resolved_warnings: [] });
    h.send({ type: 'ui/chargingMissionPressed' });
    const loads = h.requests('api/destinations').length;
    h.answer('api/mission/charging', 'no_base', 404);
    expect(h.requests('api/destinations')).toHaveLength(loads);
    expect(h.requests('api/mission/definition/quick')).toEqual([]);
    expect(h.state.missions.charging).toBe('noBase');
    h.send({ type: 'ui/missionNoticeDismissed' });
    expect(h.state.missions.charging).toBe('idle');

    const g = loggedIn('/missions');
    g.ws('robot/alert_update', { activated_errors: [], activated_warnings: ['battery_2_low'], resolved_errors: [], resolved_warnings: [] });
    g.send({ type: 'ui/chargingMissionPressed' });
    g.answer('api/mission/charging', 'internal', 500);
    expect(g.state.missions.charging).toBe('failed');
  });
});
