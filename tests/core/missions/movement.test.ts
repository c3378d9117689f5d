import { describe, expect, it } from 'vitest';
import { booted, loggedIn, type Harness } from '../harness';
import { act, answerLoad, arrive, DEFINITIONS, depart, ids } from './fixtures';


function onList(): Harness {
  const h = loggedIn('/missions');
  answerLoad(h);
  return h;
}



const statusCalls = (h: Harness) =>
  h.requests().filter((r) => r.path.startsWith('api/current_mission/step/')).map((r) => [r.path.replace('api/current_mission/', ''), r.body]);

/** Answers the activity status call in flight. */
const ok = (h: Harness) => {
  const last = h.requests().filter((r) => r.path.startsWith('api/current_mission/step/')).pop();
  if (!last) throw new Error('no status call');
  h.send({ type: 'http/response', id: last.id, status: 200, body: { data: {} } });
};

describe('the movement state machine and the task check', () => {
  it('departs with a countdown ticking every second, opening the movement page, then moves, arrives and waits for the activity', () => {
    const h = onList();
    depart(h, 7, 0, 10);
    expect(h.state.route.path).toBe('/movement/7');
    expect(h.state.movement).toMatchObject({ state: 'departing', missionId: 7, stepIndex: 0, timerSeconds: 10, durationSeconds: 10, activityIndex: 0, error: null });
    h.advance(999);
    expect(h.state.movement.timerSeconds).toBe(10);
    h.advance(1);
    expect(h.state.movement.timerSeconds).toBe(9);
    h.advance(3_000);
    expect(h.state.movement.timerSeconds).toBe(6);
    h.ws('movement/started', ids(7, 0));
    expect(h.state.movement).toMatchObject({ state: 'moving', timerSeconds: 0 });
    h.ws('movement/arriving', ids(7, 0));
    expect(h.state.movement.state).toBe('arriving');
    h.ws('movement/completed', ids(7, 0));
    expect(h.state.movement.state).toBe('inActivity');
  });

  it('runs a quick delivery through message, delivery and completion, one status call at a time, then returns to /missions', () => {
    const h = onList();
    depart(h, 7, 0);
    arrive(h, 7, 0);
    h.send({ type: 'ui/activityManaged' });
    expect(h.state.movement.state).toBe('inMessage');
    h.send({ type: 'ui/messageRead', confirmed: false });
    expect(h.state.movement.state).toBe('inDelivery');
    expect(statusCalls(h)).toEqual([['step/0/activity/0/status', { message: 'read' }]]);
    h.send({ type: 'ui/objectsDone', items: ['box A'] });
    // The delivery and the completion wait for the message call's answer: the robot records them in order.
    expect(statusCalls(h)).toHaveLength(1);
    expect(h.state.movement.state).toBe('noMission');
    expect(h.state.route.path).toBe('/missions');
    ok(h);
    ok(h);
    expect(statusCalls(h)).toEqual([
      ['step/0/activity/0/status', { message: 'read' }],
      ['step/0/activity/0/status', { delivered: ['box A'] }],
      ['step/0/activity/0/status', { status: 'completed' }],
    ]);
    ok(h);
    expect(h.state.movement).toMatchObject({ state: 'noMission', missionId: null, outbox: [], sending: false });
  });

  it('runs a two-step path mission: pickup, then a message, waiting for the next step, the index wrapping', () => {
    const h = onList();
    depart(h, 8, 0);
    arrive(h, 8, 0);
    h.send({ type: 'ui/activityManaged' });
    // A pickup with a load and no message: straight to the pickup list.
    expect(h.state.movement.state).toBe('inPickup');
    h.send({ type: 'ui/objectsDone', items: ['samples'] });
    expect(h.state.movement).toMatchObject({ state: 'inActivity', activityIndex: 1 });
    ok(h);
    h.send({ type: 'ui/activityManaged' });
    expect(h.state.movement.state).toBe('inMessage');
    h.send({ type: 'ui/messageRead', confirmed: true });
    // Delivery with no load: no delivery task; the last activity of a step that is not the last.
    expect(h.state.movement).toMatchObject({ state: 'waitingForInstructions', activityIndex: 0 });
    ok(h);
    ok(h);
    depart(h, 8, 1, 5);
    expect(h.state.route.path).toBe('/movement/8');
    expect(h.state.movement).toMatchObject({ state: 'departing', stepIndex: 1, timerSeconds: 5 });
    arrive(h, 8, 1);
    h.send({ type: 'ui/activityManaged' });
    expect(h.state.movement.state).toBe('noMission');
    ok(h);
    expect(statusCalls(h)).toEqual([
      ['step/0/activity/0/status', { 'picked-up': ['samples'] }],
      ['step/0/activity/0/status', { status: 'completed' }],
      ['step/0/activity/1/status', { message: 'read' }],
      ['step/0/activity/1/status', { status: 'completed' }],
      ['step/1/activity/0/status', { status: 'completed' }],
    ]);
    expect(h.state.route.path).toBe('/missions');
  });

  it('refuses the message button while a required read confirmation is not ticked', () => {
    const h = loggedIn('/missions');
    answerLoad(h, { definitions: [{ ...DEFINITIONS[0]!, steps: [{ destination_id: 2, activities: [act({ message: 'Read me', message_read_required: true })] }] }] });
    depart(h, 7, 0);
    arrive(h, 7, 0);
    h.send({ type: 'ui/activityManaged' });
    h.send({ type: 'ui/messageRead', confirmed: false });
    expect(h.state.movement.state).toBe('inMessage');
    expect(statusCalls(h)).toEqual([]);
    h.send({ type: 'ui/messageRead', confirmed: true });
    expect(statusCalls(h)).toEqual([['step/0/activity/0/status', { message: 'read' }]]);
  });

  it('after Resume the countdown goes on one second a step, whatever the robot announces again (issue 34)', () => {
    const h = onList();
    depart(h, 7, 0, 10);
    h.advance(1_000);
    expect(h.state.movement.timerSeconds).toBe(9);
    h.send({ type: 'ui/movementTapped' });
    h.advance(4_000);
    h.send({ type: 'ui/movementResumed' });
    // The robot announces the same departure again with what it has left.
    h.ws('movement/ready', { mission_definition_id: 7, step_index: 0, duration: 8 });
    const seen: number[] = [h.state.movement.timerSeconds];
    for (let i = 0; i < 9; i++) {
      h.advance(500);
      seen.push(h.state.movement.timerSeconds);
    }
    // 9 held, then 8, 7, 6, 5 a second apart: no second skipped, none shown twice as long.
    expect(seen).toEqual([9, 9, 8, 8, 7, 7, 6, 6, 5, 5]);
  });

  it('pauses on a tap during departure, holds the countdown, resumes from there, and a confirmed stop cancels and logs out', () => {
    const h = onList();
    depart(h, 7, 0, 10);
    h.advance(3_000);
    expect(h.state.movement.timerSeconds).toBe(7);
    h.send({ type: 'ui/movementTapped' });
    expect(h.lastRequest('api/current_mission/pause').method).toBe('PUT');
    expect(h.state.movement).toMatchObject({ pause: 'dialog', timerSeconds: 7 });
    h.advance(5_000);
    expect(h.state.movement.timerSeconds).toBe(7);
    h.send({ type: 'ui/movementResumed' });
    expect(h.lastRequest('api/current_mission/resume').method).toBe('PUT');
    expect(h.state.movement.pause).toBe('none');
    h.advance(1_000);
    expect(h.state.movement.timerSeconds).toBe(6);

    h.send({ type: 'ui/movementTapped' });
    h.send({ type: 'ui/movementCancelled' });
    expect(h.requests('api/current_mission/cancel')).toEqual([]);
    h.send({ type: 'ui/movementStopAsked' });
    expect(h.state.movement.pause).toBe('confirmStop');
    h.send({ type: 'ui/movementStopCancelled' });
    expect(h.state.movement.pause).toBe('dialog');
    h.send({ type: 'ui/movementStopAsked' });
    h.send({ type: 'ui/movementCancelled' });
    expect(h.lastRequest('api/current_mission/cancel').method).toBe('PUT');
    expect(h.state.movement).toMatchObject({ state: 'noMission', missionId: null, pause: 'none' });
    expect(h.state.session.login).toBe(false);
    expect(h.state.route.path).toBe('/login');
  });

  it('a tap while moving does not pause', () => {
    const h = onList();
    depart(h, 7, 0);
    h.ws('movement/started', ids(7, 0));
    h.send({ type: 'ui/movementTapped' });
    expect(h.requests('api/current_mission/pause')).toEqual([]);
    expect(h.state.movement.pause).toBe('none');
  });

  it('Ok on the failed state logs out to /login, and cancels only a mission the back end still runs', () => {
    const h = onList();
    depart(h, 7, 0);
    h.ws('movement/failed', ids(7, 0));
    expect(h.state.movement.state).toBe('failed');
    h.send({ type: 'ui/movementCancelled' });
    expect(h.lastRequest('api/current_mission').method).toBe('GET');
    expect(h.state.route.path).toBe('/login');
    expect(h.state.session.login).toBe(false);
    // A back end that keeps the failed mission running gets the cancel...
    h.answer('api/current_mission', { definition_id: 7, status: 'running', step_index: 0, activities: [] });
    expect(h.lastRequest('api/current_mission/cancel').method).toBe('PUT');

    // ...one that ended it (api.md: recorded and cleared at once) gets none: no 409.
    const g = onList();
    depart(g, 7, 0);
    g.ws('movement/failed', ids(7, 0));
    g.send({ type: 'ui/movementCancelled' });
    g.answer('api/current_mission', {});
    expect(g.requests('api/current_mission/cancel')).toEqual([]);
  });

  it("says 'Mission definition not found', 'Failed to set mission' or 'Failed to start movement' (spec 8)", () => {
    const h = onList();
    depart(h, 42, 0);
    expect(h.state.missions.status).toBe('pending');
    answerLoad(h);
    expect(h.state.movement).toMatchObject({ state: 'departing', error: 'definitionNotFound' });

    const g = onList();
    depart(g, 42, 0);
    g.answer('api/missions/definitions', 'internal', 500);
    answerLoad(g);
    expect(g.state.movement.error).toBe('setMissionFailed');

    const f = onList();
    depart(f, 9, 4);
    expect(f.state.movement.error).toBe('startMovementFailed');
  });

  it('a kiosk reloaded mid-mission comes back to the movement from GET api/current_mission', () => {
    const h = booted('/movement/8');
    expect(h.state.route.path).toBe('/movement/8');
    answerLoad(h, {
      current: { definition_id: 8, status: 'running', step_index: 0, activities: [{ step: 0, idx: 0, status: 'completed' }, { step: 0, idx: 1, status: 'pending' }, { step: 1, idx: 0, status: 'pending' }] },
    });
    expect(h.state.movement).toMatchObject({ state: 'inActivity', missionId: 8, stepIndex: 0, activityIndex: 1 });
    h.send({ type: 'ui/activityManaged' });
    expect(h.state.movement.state).toBe('inMessage');

    const moving = booted('/movement/3');
    answerLoad(moving, { current: { definition_id: 8, status: 'running', step_index: 1, activities: [{ step: 1, idx: 0, status: 'pending' }] } });
    expect(moving.state.route.path).toBe('/movement/8');
    expect(moving.state.movement).toMatchObject({ state: 'moving', stepIndex: 1 });

    const idle = booted('/movement/8');
    answerLoad(idle);
    expect(idle.state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: '/missions' });
  });
});

describe('a robot faster than the 1 s dispatch delay', () => {
  it('departs first when movement/started arrives before the announced departure was dispatched', () => {
    const h = onList();
    h.ws('movement/ready', { ...ids(7, 0), duration: 1 });
    h.advance(300);
    h.ws('movement/started', ids(7, 0));
    expect(h.state.route.path).toBe('/movement/7');
    expect(h.state.movement).toMatchObject({ state: 'moving', pendingReady: null });
    expect(h.state.timers.movementReady).toBeUndefined();
    h.advance(1_000);
    expect(h.state.movement.state).toBe('moving');
  });
});

describe('a reload at a destination', () => {
  it('asks where the robot stands when nothing is done yet at the step, and waits for the activity there', () => {
    const at = (x: number) => {
      const h = booted('/movement/7');
      answerLoad(h, { current: { definition_id: 7, status: 'running', step_index: 0, activities: [{ step: 0, idx: 0, status: 'pending' }] } });
      expect(h.state.movement.state).toBe('moving');
      // Reception is at (2, 0) in the fixtures.
      h.answer('api/map/latest', { image: 'x', origin: { x: 0, y: 0 }, resolution: 0.05, robot: { x, y: 0.1, orientation: 0 } });
      return h.state.movement.state;
    };
    expect(at(2.1)).toBe('inActivity');
    expect(at(5)).toBe('moving');
  });
});

describe('a reload during a paused departure', () => {
  it('comes back departing with the pause dialog, and Resume resumes the mission', () => {
    const h = booted('/movement/7');
    answerLoad(h, { current: { definition_id: 7, status: 'paused', step_index: 0, activities: [{ step: 0, idx: 0, status: 'pending' }] } });
    expect(h.state.movement).toMatchObject({ state: 'departing', pause: 'dialog', missionId: 7 });
    expect(h.requests('api/map/latest')).toEqual([]);
    h.send({ type: 'ui/movementResumed' });
    expect(h.lastRequest('api/current_mission/resume').method).toBe('PUT');
    // The robot announces the departure again, with its full countdown.
    depart(h, 7, 0, 10);
    expect(h.state.movement).toMatchObject({ state: 'departing', pause: 'none', timerSeconds: 10 });
  });
});
