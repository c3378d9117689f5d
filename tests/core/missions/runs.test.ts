import { describe, expect, it } from 'vitest';
import { booted, loggedIn, logIn, type Harness } from '../harness';
import { answerLoad, ids } from './fixtures';
import { rowStatus, canRunAgain, showsLiveMovement } from '../../../core/missions/rowStatus';
import { NOTICE_MS } from '../../../core/missions/runs';

const ended = (id: number, definition: number, endedAt: string, status: 'completed' | 'uncompleted') => ({
  id,
  definition_id: definition,
  started_at: endedAt,
  ended_at: endedAt,
  status,
  distance: 10,
  steps: [],
});

function onList(): Harness {
  const h = loggedIn('/missions');
  answerLoad(h);
  return h;
}

const answerMonth = (h: Harness, month: number, missions: unknown[]) => {
  const req = h.requests(`api/ended_missions/year/2026/month/${month}`).pop();
  if (!req) throw new Error(`no request for month ${month}`);
  h.send({ type: 'http/response', id: req.id, status: 200, body: { data: { missions } } });
};

describe("the list's row statuses", () => {
  it("shows each definition's last run from ended_missions (the latest of this month and the one before), and 'never' otherwise", () => {
    const h = onList();
    answerMonth(h, 11, [ended(1, 7, '2026-11-20T10:00:00Z', 'completed'), ended(2, 7, '2026-11-21T10:00:00Z', 'uncompleted')]);
    answerMonth(h, 10, [ended(3, 7, '2026-10-30T10:00:00Z', 'completed'), ended(4, 8, '2026-10-02T10:00:00Z', 'completed')]);
    // The run before the last is known too (issue 42), whichever month came first.
    expect(rowStatus(h.state, 7)).toEqual({
      kind: 'ended',
      outcome: 'uncompleted',
      at: Date.parse('2026-11-21T10:00:00Z'),
      reason: null,
      before: { outcome: 'completed', at: Date.parse('2026-11-20T10:00:00Z') },
    });
    expect(rowStatus(h.state, 8)).toMatchObject({ before: null });
    expect(rowStatus(h.state, 8)).toMatchObject({ kind: 'ended', outcome: 'completed' });
    expect(rowStatus(h.state, 9)).toEqual({ kind: 'never' });
  });

  it('tells a failed run from a stopped one after a reload, from the ended missions\' outcome and reason (issue 34)', () => {
    const h = onList();
    answerMonth(h, 11, [
      { ...ended(1, 7, '2026-11-20T10:00:00Z', 'uncompleted'), outcome: 'failed', reason: 'path blocked' },
      { ...ended(2, 8, '2026-11-20T11:00:00Z', 'uncompleted'), outcome: 'stopped' },
      // A back end that records neither: still "Not completed".
      ended(3, 9, '2026-11-20T12:00:00Z', 'uncompleted'),
    ]);
    answerMonth(h, 10, []);
    expect(rowStatus(h.state, 7)).toEqual({ kind: 'ended', outcome: 'failed', at: Date.parse('2026-11-20T10:00:00Z'), reason: 'path blocked', before: null });
    expect(rowStatus(h.state, 8)).toEqual({ kind: 'ended', outcome: 'stopped', at: Date.parse('2026-11-20T11:00:00Z'), reason: null, before: null });
    expect(rowStatus(h.state, 9)).toMatchObject({ kind: 'ended', outcome: 'uncompleted', reason: null });
  });

  it('follows the running mission: departing, paused, moving, arriving, at the destination', () => {
    const h = onList();
    h.ws('movement/ready', { ...ids(7, 0), duration: 10 });
    h.advance(1_000);
    expect(rowStatus(h.state, 7)).toEqual({ kind: 'departing' });
    h.send({ type: 'ui/movementTapped' });
    expect(rowStatus(h.state, 7)).toEqual({ kind: 'paused' });
    h.send({ type: 'ui/movementResumed' });
    h.ws('movement/started', ids(7, 0));
    expect(rowStatus(h.state, 7)).toEqual({ kind: 'moving' });
    h.ws('movement/arriving', ids(7, 0));
    expect(rowStatus(h.state, 7)).toEqual({ kind: 'arriving' });
    h.ws('movement/completed', ids(7, 0));
    expect(rowStatus(h.state, 7)).toEqual({ kind: 'atDestination' });
    // Another definition queued meanwhile waits for this one.
    expect(rowStatus(h.state, 8)).toEqual({ kind: 'never' });
  });

  it('a created mission waits in the queue and says why, until the robot announces its departure', () => {
    const h = loggedIn('/missions/new-quick-mission');
    answerLoad(h);
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 2 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
    h.send({ type: 'ui/quickSkipped' });
    h.send({ type: 'ui/quickSkipped' });
    h.send({ type: 'ui/quickSkipped' });
    h.send({ type: 'ui/quickStartPressed' });
    h.answer('api/mission/definition/quick', { id: 12, name: '', created_at: '2026-11-22T09:30:00Z', steps: [] });
    expect(h.state.missions.queued).toEqual([12]);
    expect(rowStatus(h.state, 12)).toEqual({ kind: 'waiting', reason: null });
    h.send({ type: 'teleop/message', message: { op: 'manual_mode', payload: { actual_mode: { mode: 'MANUAL' } } } });
    expect(rowStatus(h.state, 12)).toEqual({ kind: 'waiting', reason: 'manual' });
    h.ws('robot/disconnected');
    h.advance(5_000); // the first disconnect after start is debounced
    expect(rowStatus(h.state, 12)).toEqual({ kind: 'waiting', reason: 'disconnected' });
    h.ws('robot/connected');
    h.send({ type: 'teleop/message', message: { op: 'manual_mode', payload: { actual_mode: { mode: 'NORMAL' } } } });
    h.ws('robot/userFollowed');
    expect(rowStatus(h.state, 12)).toEqual({ kind: 'waiting', reason: 'following' });
    h.ws('robot/lostFollowedUser');
    h.ws('movement/ready', { ...ids(12, 0), duration: 10 });
    h.advance(1_000);
    expect(h.state.missions.queued).toEqual([]);
    expect(rowStatus(h.state, 12)).toEqual({ kind: 'departing' });
  });
});

describe('Run again', () => {
  it('queues a saved definition with POST api/mission/definition/{id}/run, once, and not while it is queued or running', () => {
    const h = onList();
    expect(canRunAgain(h.state, 8)).toBe(true);
    h.send({ type: 'ui/runAgainPressed', id: 8 });
    expect(h.lastRequest('api/mission/definition/8/run')).toMatchObject({ method: 'POST', body: {} });
    h.send({ type: 'ui/runAgainPressed', id: 9 });
    expect(h.requests('api/mission/definition/9/run')).toEqual([]);
    h.answer('api/mission/definition/8/run', {});
    expect(h.state.missions).toMatchObject({ runAgain: 'supported', queued: [8], runAgainPending: null });
    expect(canRunAgain(h.state, 8)).toBe(false);
    h.send({ type: 'ui/runAgainPressed', id: 8 });
    expect(h.requests('api/mission/definition/8/run')).toHaveLength(1);
    // An unknown id is refused by the core itself.
    h.send({ type: 'ui/runAgainPressed', id: 404 });
    expect(h.requests('api/mission/definition/404/run')).toEqual([]);
  });

  it('is hidden once a back end answers 404 or 405 (it lacks the call), and stays offered after a 500', () => {
    for (const status of [404, 405]) {
      const h = onList();
      h.send({ type: 'ui/runAgainPressed', id: 8 });
      h.answer('api/mission/definition/8/run', status === 404 ? 'not_found' : 'method_not_allowed', status);
      expect(h.state.missions.runAgain).toBe('unsupported');
      expect(canRunAgain(h.state, 9)).toBe(false);
      expect(h.state.missions.queued).toEqual([]);
    }
    const g = onList();
    g.send({ type: 'ui/runAgainPressed', id: 8 });
    g.answer('api/mission/definition/8/run', 'internal', 500);
    expect(canRunAgain(g.state, 8)).toBe(true);
  });
});

describe('a finished mission', () => {
  it("returns to /missions with 'Mission completed' for a few seconds, and the row says completed", () => {
    const h = onList();
    h.ws('movement/ready', { ...ids(9, 0), duration: 10 });
    h.advance(1_000);
    h.ws('movement/completed', ids(9, 0));
    h.send({ type: 'ui/activityManaged' });
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.missions.notice).toEqual({ outcome: 'completed', id: 9, reason: null });
    expect(rowStatus(h.state, 9)).toEqual({ kind: 'ended', outcome: 'completed', at: h.now, reason: null, before: null });
    // The list reloaded before the back end recorded the end: what this kiosk watched wins.
    answerLoad(h, { current: { definition_id: 9, status: 'running', step_index: 0, activities: [{ step: 0, idx: 0, status: 'pending' }] } });
    expect(rowStatus(h.state, 9)).toMatchObject({ kind: 'ended', outcome: 'completed' });
    h.advance(NOTICE_MS - 1);
    expect(h.state.missions.notice).not.toBeNull();
    h.advance(1);
    expect(h.state.missions.notice).toBeNull();
  });

  it('a mission run again keeps how its earlier run ended beside the new outcome (issue 42)', () => {
    const h = onList();
    answerMonth(h, 11, []);
    answerMonth(h, 10, []);
    h.ws('movement/ready', { ...ids(9, 0), duration: 10 });
    h.advance(1_000);
    h.ws('movement/completed', ids(9, 0));
    h.send({ type: 'ui/activityManaged' });
    const first = h.now;
    expect(rowStatus(h.state, 9)).toMatchObject({ kind: 'ended', outcome: 'completed', before: null });
    // Run again: queued, then it departs and fails.
    h.advance(180_000);
    h.send({ type: 'ui/runAgainPressed', id: 9 });
    h.answer('api/mission/definition/9/run', {});
    expect(rowStatus(h.state, 9)).toMatchObject({ kind: 'waiting' });
    h.ws('movement/ready', { ...ids(9, 0), duration: 10 });
    h.advance(1_000);
    h.ws('movement/failed', { ...ids(9, 0), reason: 'path blocked' });
    h.send({ type: 'ui/movementCancelled' });
    const failedAt = h.now;
    logIn(h);
    expect(rowStatus(h.state, 9)).toEqual({ kind: 'ended', outcome: 'failed', at: failedAt, reason: 'path blocked', before: { outcome: 'completed', at: first } });
    // The list read again from the back end says the same two.
    answerMonth(h, 11, [
      { ...ended(1, 9, new Date(first).toISOString(), 'completed') },
      { ...ended(2, 9, new Date(first + 181_000).toISOString(), 'uncompleted'), outcome: 'failed', reason: 'path blocked' },
    ]);
    expect(h.state.missions.lastRuns[9]).toEqual({ outcome: 'failed', at: first + 181_000, reason: 'path blocked', before: { outcome: 'completed', at: first } });
  });

  it('a stop says stopped; a failure says failed with the back end reason', () => {
    const h = onList();
    h.ws('movement/ready', { ...ids(7, 0), duration: 10 });
    h.advance(1_000);
    h.send({ type: 'ui/movementTapped' });
    h.send({ type: 'ui/movementStopAsked' });
    h.send({ type: 'ui/movementCancelled' });
    expect(h.state.missions.notice).toEqual({ outcome: 'stopped', id: 7, reason: null });
    expect(rowStatus(h.state, 7)).toMatchObject({ kind: 'ended', outcome: 'stopped' });

    const f = onList();
    f.ws('movement/ready', { ...ids(8, 0), duration: 10 });
    f.advance(1_000);
    f.ws('movement/failed', { ...ids(8, 0), reason: 'path blocked' });
    expect(f.state.movement).toMatchObject({ state: 'failed', failReason: 'path blocked' });
    f.send({ type: 'ui/movementCancelled' });
    expect(f.state.missions.notice).toEqual({ outcome: 'failed', id: 8, reason: 'path blocked' });
    // Logged out (spec 4.1): the notice waits for the list, then shows for its few seconds.
    expect(f.state.route.path).toBe('/login');
    f.advance(NOTICE_MS * 10);
    expect(f.state.missions.notice).not.toBeNull();
    logIn(f);
    expect(f.state.route.path).toBe('/missions');
    expect(f.state.timers.missionNotice).toBe(f.now + NOTICE_MS);
    expect(rowStatus(f.state, 8)).toMatchObject({ kind: 'ended', outcome: 'failed', reason: 'path blocked' });
    f.send({ type: 'ui/missionNoticeDismissed' });
    expect(f.state.missions.notice).toBeNull();
    expect(f.state.timers.missionNotice).toBeUndefined();
  });

  it('a reason that is not a short text is refused with the frame', () => {
    const h = onList();
    h.ws('movement/ready', { ...ids(8, 0), duration: 10 });
    h.advance(1_000);
    const before = h.state.rejections.count;
    h.ws('movement/failed', { ...ids(8, 0), reason: 42 });
    expect(h.state.movement.state).toBe('departing');
    expect(h.state.rejections.count).toBe(before + 1);
  });
});

describe("a row's movement page", () => {
  it('opened from the list, a mission that is not running stays on its waiting state (no bounce to /missions)', () => {
    const h = onList();
    h.send({ type: 'ui/missionOpened', id: 8 });
    expect(h.state.route.path).toBe('/movement/8');
    answerLoad(h);
    expect(h.state.route.path).toBe('/movement/8');
    expect(showsLiveMovement(h.state)).toBe(false);
    // It departs: the same page shows the live movement.
    h.ws('movement/ready', { ...ids(8, 0), duration: 10 });
    h.advance(1_000);
    expect(h.state.route.path).toBe('/movement/8');
    expect(showsLiveMovement(h.state)).toBe(true);
  });

  it('opened from the list while another mission runs, it still shows its own waiting state', () => {
    const h = onList();
    h.ws('movement/ready', { ...ids(7, 0), duration: 10 });
    h.advance(1_000);
    h.send({ type: 'ui/navigated', path: '/missions' });
    answerLoad(h, { current: { definition_id: 7, status: 'running', step_index: 0, activities: [] } });
    h.send({ type: 'ui/missionOpened', id: 8 });
    answerLoad(h, { current: { definition_id: 7, status: 'running', step_index: 0, activities: [] } });
    expect(h.state.route.path).toBe('/movement/8');
    expect(showsLiveMovement(h.state)).toBe(false);
  });

  it('a reload of a page whose mission is not current returns to /missions by replace', () => {
    const h = booted('/movement/8');
    h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
    const g = loggedIn('/movement/8');
    answerLoad(g);
    expect(g.state.route).toMatchObject({ path: '/missions', replace: true });
    expect(h.state.missions.shown).toBeNull();
  });
});
