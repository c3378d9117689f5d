/** The paused mapping panel pauses following (issue 18): follow-me stops while it is open and starts on Resume. */
import { describe, expect, it } from 'vitest';
import { bootedMap, mapImage, type MapHarness } from './mapHelpers';

const MAP = { image: mapImage(4, 3, () => 254), origin: { x: -1, y: -2 }, resolution: 0.5, robot: { x: 0, y: 0, orientation: 0 } };

function tracking(): MapHarness {
  const h = bootedMap('/mapping/wait');
  h.ws('robot/userFollowed');
  h.ws('mapping/mapUpdate', MAP);
  return h;
}
const follow = (h: MapHarness) => h.requests().filter((r) => r.path.startsWith('api/follow-me/')).map((r) => r.path);

describe('the paused mapping panel', () => {
  it('stops follow-me on the tap and starts it again on Resume', () => {
    const h = tracking();
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    expect(follow(h)).toEqual(['api/follow-me/stop']);
    expect(h.state.mapEdit.followPaused).toBe(true);
    h.send({ type: 'ui/mappingPanel', action: 'end' });
    h.send({ type: 'ui/mappingPanel', action: 'continue' });
    expect(follow(h)).toEqual(['api/follow-me/stop']);
    h.send({ type: 'ui/mappingPanel', action: 'resume' });
    expect(follow(h)).toEqual(['api/follow-me/stop', 'api/follow-me/start']);
    expect(h.state.mapEdit.followPaused).toBe(false);
  });

  it('stays paused on the edit page and resumes when the track page shows again', () => {
    const h = tracking();
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    h.send({ type: 'ui/mappingPanel', action: 'edit' });
    expect(h.state.route.path).toBe('/mapping/edit');
    expect(follow(h)).toEqual(['api/follow-me/stop']);
    h.send({ type: 'ui/mappingPanel', action: 'save' });
    expect(h.state.route.path).toBe('/mapping/track');
    expect(follow(h)).toEqual(['api/follow-me/stop', 'api/follow-me/start']);
    // Until the robot says it sees the person, the screen looks for them; it does not say it lost them (issue 34).
    h.ws('robot/lostFollowedUser');
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    h.send({ type: 'ui/mappingPanel', action: 'resume' });
    expect(h.state.follow).toEqual({ following: false, resuming: true });
    h.ws('robot/userFollowed');
    expect(h.state.follow).toEqual({ following: true, resuming: false });
  });

  it('a resume the back end refuses stops looking: the robot is not following', () => {
    const h = tracking();
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    h.ws('robot/lostFollowedUser');
    h.send({ type: 'ui/mappingPanel', action: 'resume' });
    expect(h.state.follow.resuming).toBe(true);
    h.answer('api/follow-me/start', 'conflict', 409);
    expect(h.state.follow).toEqual({ following: false, resuming: false });
  });

  it('ending does not start following again: the end page stops mapping, and follow-me is already off', () => {
    const h = tracking();
    h.send({ type: 'ui/mappingPanel', action: 'tap' });
    h.send({ type: 'ui/mappingPanel', action: 'end' });
    h.send({ type: 'ui/mappingPanel', action: 'end' });
    expect(h.state.route.path).toBe('/mapping/edit');
    expect(follow(h)).toEqual(['api/follow-me/stop']);
    h.send({ type: 'ui/mappingPanel', action: 'finish' });
    h.answer('api/mapping/stop', {});
    h.answer('api/follow-me/stop', 'conflict', 409);
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.mapEdit.followPaused).toBe(false);
  });
});

describe('the live map of /mapping/track', () => {
  it('loads the destinations, so one added while mapping shows at once', () => {
    const h = tracking();
    const dock = { id: 9, name: 'Dock', x: 0, y: 0, orientation: 0, resolution: 0.5, color: '#d9d9d9', created_at: '2026-11-22T09:00:00Z' };
    h.answer('api/destinations', [dock]);
    expect(h.state.mapEdit.destinations.map((d) => d.name)).toEqual(['Dock']);
  });
});

describe('Save and continue after a reload of the edit page', () => {
  it('starts following again, though the reload forgot that it was paused', () => {
    const h = bootedMap('/mapping/edit');
    expect(h.state.mapEdit.followPaused).toBe(false);
    h.send({ type: 'ui/navigated', path: '/mapping/edit', search: 'type=edit' });
    h.send({ type: 'ui/mappingPanel', action: 'save' });
    expect(h.state.route.path).toBe('/mapping/track');
    expect(follow(h)).toEqual(['api/follow-me/start']);
    expect(h.state.follow.resuming).toBe(true);
  });
});
