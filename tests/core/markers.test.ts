/**
 * Timeline markers cover the whole app: every movement phase and the pause, mapping by following (following,
 * its panel, each map version), as well as routes, alerts, connections and rejections. The index finds them
 * (while loading, or later block by block) exactly as a one-event-at-a-time fold does.
 */
import { describe, expect, it } from 'vitest';
import type { MovementStateName } from '../../core/state';
import { replay } from '../../core/log/replay';
import { SeekIndexBuilder, scanMarkerBlock } from '../../core/log/seek';
import { eventList } from '../../core/log/logEvents';
import { describeChanges, type TimelineEntry } from '../../core/log/timeline';
import { loggedIn, COMPLETE_SETTINGS } from './harness';
import { mapImage, RecordingHarness } from './mapHelpers';
import { answerLoad } from './missions/fixtures';

/** Every movement phase: a new one fails to compile here until the test covers it. */
const PHASES = Object.keys({
  noMission: 1,
  departing: 1,
  moving: 1,
  arriving: 1,
  inActivity: 1,
  inMessage: 1,
  inDelivery: 1,
  inPickup: 1,
  waitingForInstructions: 1,
  failed: 1,
} satisfies Record<MovementStateName, 1>);

const MAP = { image: mapImage(4, 3, () => 254), origin: { x: -1, y: -2 }, resolution: 0.5, robot: { x: 0, y: 0, orientation: 0 } };
const ids = (mission: number, step: number) => ({ mission_definition_id: mission, step_index: step });

/** A kiosk's session: mapping by following a person, then a quick delivery with a pause, a path mission, a failure. */
function session(): RecordingHarness {
  const h = loggedIn('/missions', COMPLETE_SETTINGS, new RecordingHarness());
  const ok = () => {
    const last = h.requests().filter((r) => r.path.startsWith('api/current_mission/step/')).pop()!;
    h.send({ type: 'http/response', id: last.id, status: 200, body: { data: {} } });
  };
  const depart = (mission: number, step: number) => {
    h.ws('movement/ready', { ...ids(mission, step), duration: 10 });
    h.advance(1_000);
  };
  const arrive = (mission: number, step: number) => {
    for (const event of ['movement/started', 'movement/arriving', 'movement/completed']) {
      h.advance(500);
      h.ws(event, ids(mission, step));
    }
  };

  // Quiet seconds around the map's own changes, so an index block of a few events holds them alone.
  const quiet = () => [1, 2, 3].forEach(() => h.advance(1_000));
  h.send({ type: 'ui/navigated', path: '/mapping/wait' });
  h.advance(1_000);
  h.ws('robot/userFollowed');
  quiet();
  h.ws('mapping/mapUpdate', MAP);
  quiet();
  h.ws('mapping/mapUpdate', MAP);
  quiet();
  h.send({ type: 'ui/mappingPanel', action: 'tap' });
  h.send({ type: 'ui/mappingPanel', action: 'resume' }); // closes it again
  quiet();
  h.send({ type: 'ui/mappingPanel', action: 'tap' });
  h.send({ type: 'ui/mappingPanel', action: 'end' });
  h.send({ type: 'ui/mappingPanel', action: 'end' });
  h.send({ type: 'ui/mappingPanel', action: 'finish' });
  h.answer('api/mapping/stop', {});
  h.answer('api/follow-me/stop', {});
  expect(h.state.route.path).toBe('/missions');
  answerLoad(h);

  // A quick delivery, paused while departing (stop asked, then not), resumed.
  depart(7, 0);
  h.send({ type: 'ui/movementTapped' });
  h.send({ type: 'ui/movementStopAsked' });
  h.send({ type: 'ui/movementStopCancelled' });
  h.send({ type: 'ui/movementResumed' });
  arrive(7, 0);
  h.send({ type: 'ui/activityManaged' });
  h.send({ type: 'ui/messageRead', confirmed: false });
  h.send({ type: 'ui/objectsDone', items: ['box A'] });
  ok();
  ok();
  ok();
  // A two-step path mission: a pickup, a message, waiting for the next step, which fails.
  h.advance(2_000);
  depart(8, 0);
  arrive(8, 0);
  h.send({ type: 'ui/activityManaged' });
  h.send({ type: 'ui/objectsDone', items: ['samples'] });
  ok();
  h.send({ type: 'ui/activityManaged' });
  h.send({ type: 'ui/messageRead', confirmed: true });
  ok();
  ok();
  depart(8, 1);
  h.ws('movement/failed', ids(8, 1));
  h.advance(1_000);
  return h;
}

function oneByOne(events: RecordingHarness['log']): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  replay(events, { onStep: (a, b, e) => out.push(...describeChanges(a, b, e)) });
  return out;
}

describe('timeline markers of the whole app', () => {
  const h = session();
  const expected = oneByOne(h.log);

  it('every movement phase and the pause, mapping and map versions are marked', () => {
    const movement = expected.filter((m) => m.kind === 'movement').map((m) => m.text);
    const reached = new Set(movement.flatMap((t) => /^(\w+) -> (\w+)/.exec(t)?.slice(1) ?? []));
    expect([...reached].sort()).toEqual([...PHASES].sort());
    expect(movement.filter((t) => t.startsWith('pause'))).toEqual([
      'pause none -> dialog',
      'pause dialog -> confirmStop',
      'pause confirmStop -> dialog',
      'pause dialog -> none',
    ]);
    const versions = h.states.map((s) => s.map.version);
    const map = expected.filter((m) => m.kind === 'map').map((m) => m.text);
    expect(map).toContain('following on');
    expect(map).toContain('following off');
    expect(map).toContain('mapping panel default -> pausing');
    expect(map).toContain('mapping panel pausing -> default');
    expect(map).toContain('mapping panel pausing -> ending');
    const last = Math.max(...versions);
    expect(map.filter((t) => t.startsWith('map version'))).toEqual(Array.from({ length: last }, (_, i) => expect.stringMatching(new RegExp(`^map version ${i + 1} \\(\\d+ x \\d+ px\\)$`))));
    expect(map).toContain(`map version ${last} (4 x 3 px)`);
  });

  it('the index finds them as a one-event-at-a-time fold does, while loading and block by block later', () => {
    for (const every of [3, 50, 2_000]) {
      const builder = new SeekIndexBuilder(undefined, every);
      for (let i = 0; i < h.log.length; i += 17) builder.add(h.log.slice(i, i + 17));
      expect(builder.finish(eventList(h.log)).markers).toEqual(expected);
      const bare = new SeekIndexBuilder(undefined, every, false);
      bare.add(h.log);
      const index = bare.finish(eventList(h.log));
      const later: TimelineEntry[] = [];
      const scan = { next: 0, state: index.snapshots[0]! };
      for (let found = scanMarkerBlock(index, scan); found; found = scanMarkerBlock(index, scan)) later.push(...found);
      expect(later).toEqual(expected);
    }
  });
});
