import { describe, expect, it } from 'vitest';
import { loggedIn, type Harness } from '../harness';
import { answerLoad, ids } from './fixtures';
import { canPause, missionRunning } from '../../../core/missions/pause';


function departed(): Harness {
  const h = loggedIn('/missions');
  answerLoad(h);
  h.ws('movement/ready', { ...ids(7, 0), duration: 10 });
  h.advance(1_000);
  return h;
}

describe('the Pause control', () => {
  it('shows while departing, moving and arriving, and not at the destination or once paused', () => {
    const h = departed();
    expect(canPause(h.state)).toBe(true);
    h.ws('movement/started', ids(7, 0));
    expect(canPause(h.state)).toBe(true);
    h.ws('movement/arriving', ids(7, 0));
    expect(canPause(h.state)).toBe(true);
    h.ws('movement/completed', ids(7, 0));
    expect(canPause(h.state)).toBe(false);
  });

  it('pauses a moving robot: the call, then the pause dialog; Resume resumes, Stop asks and cancels', () => {
    const h = departed();
    h.ws('movement/started', ids(7, 0));
    h.send({ type: 'ui/movementPausePressed' });
    expect(h.lastRequest('api/current_mission/pause').method).toBe('PUT');
    expect(h.state.movement).toMatchObject({ state: 'moving', pause: 'dialog' });
    expect(canPause(h.state)).toBe(false);
    // A second press sends nothing more.
    h.send({ type: 'ui/movementPausePressed' });
    expect(h.requests('api/current_mission/pause')).toHaveLength(1);
    h.send({ type: 'ui/movementResumed' });
    expect(h.lastRequest('api/current_mission/resume').method).toBe('PUT');
    expect(h.state.movement.pause).toBe('none');
    h.send({ type: 'ui/movementPausePressed' });
    h.send({ type: 'ui/movementStopAsked' });
    h.send({ type: 'ui/movementCancelled' });
    expect(h.lastRequest('api/current_mission/cancel').method).toBe('PUT');
    expect(h.state.movement.state).toBe('noMission');
  });

  it('during the departure it holds the countdown where it is, as a tap does (issue 34)', () => {
    const h = departed();
    h.advance(3_000);
    expect(h.state.movement.timerSeconds).toBe(7);
    h.send({ type: 'ui/movementPausePressed' });
    expect(h.state.movement).toMatchObject({ timerSeconds: 7, pause: 'dialog' });
    expect(h.state.timers.countdown).toBeUndefined();
  });

  it('does nothing with no mission on its way', () => {
    const h = loggedIn('/missions');
    h.send({ type: 'ui/movementPausePressed' });
    expect(h.requests('api/current_mission/pause')).toEqual([]);
  });
});

describe('Power Off while a mission runs', () => {
  it('stops the mission first (recorded as stopped), then powers off', () => {
    const h = departed();
    h.ws('movement/started', ids(7, 0));
    expect(missionRunning(h.state)).toBe(true);
    h.send({ type: 'ui/powerOffWithStop' });
    const paths = h.requests().slice(-2).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['PUT api/current_mission/cancel', 'PUT api/system/shutdown']);
    expect(h.state.movement).toMatchObject({ state: 'noMission', missionId: null });
    expect(h.state.missions.notice).toMatchObject({ outcome: 'stopped', id: 7 });
    expect(h.state.route.path).toBe('/missions');
    expect(missionRunning(h.state)).toBe(false);
  });

  it('with no mission only powers off', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    expect(missionRunning(h.state)).toBe(false);
    h.send({ type: 'ui/powerOffWithStop' });
    expect(h.requests('api/current_mission/cancel')).toEqual([]);
    expect(h.lastRequest('api/system/shutdown').method).toBe('PUT');
  });
});
