import { describe, expect, it } from 'vitest';
import { booted } from './harness';
import { wsDataSchemas } from '../../core/schemas/ws';

/** One malformed `data` per event of the api.md table. */
const MALFORMED: Record<keyof typeof wsDataSchemas, unknown> = {
  'robot/connected': 'yes',
  'robot/disconnected': null,
  'backend/connected': 3,
  'backend/disconnected': [1],
  'robot/battery_state': { batteries: [{ charge: 'full' }] },
  'robot/alert_update': { activated_errors: 'node_lost' },
  'robot/userFollowed': false,
  'robot/lostFollowedUser': 'x',
  'mapping/mapUpdate': { image: 'abc', origin: { x: 0 }, resolution: 0.05, robot: { x: 0, y: 0, orientation: 0 } },
  'movement/ready': { mission_definition_id: 3, step_index: 0 },
  'movement/started': { mission_definition_id: -1, step_index: 0 },
  'movement/arriving': { step_index: 0 },
  'movement/completed': { mission_definition_id: 2, step_index: 'first' },
  'movement/failed': {},
};

describe('malformed frames', () => {
  for (const [event, data] of Object.entries(MALFORMED)) {
    it(`rejects a malformed ${event} and changes nothing else`, () => {
      const h = booted();
      h.ws('robot/battery_state', { batteries: [{ charge: 0.5, health: 0.9 }] });
      const before = h.state;
      const fx = h.ws(event, data);
      expect(h.state.rejections.count).toBe(1);
      expect(h.state.rejections.recent[0]?.source).toBe(`ws ${event}`);
      expect({ ...h.state, rejections: before.rejections }).toEqual(before);
      expect(fx.filter((e) => e.type !== 'log')).toEqual([]);
    });
  }

  it('rejects frames that are not JSON, not objects or have no event name', () => {
    const h = booted();
    const before = h.state;
    h.send({ type: 'ws/message', raw: '{"event": "robot/conn' });
    h.send({ type: 'ws/message', message: [1, 2] });
    h.send({ type: 'ws/message', message: { data: {} } });
    expect(h.state.rejections.count).toBe(3);
    expect(h.state.rejections.recent.map((r) => r.reason)).toEqual([
      'frame is not JSON: {"event": "robot/conn',
      'frame is not an object',
      'frame has no event name',
    ]);
    expect({ ...h.state, rejections: before.rejections }).toEqual(before);
  });

  it('ignores and logs unknown events without rejecting them', () => {
    const h = booted();
    const before = h.state;
    const fx = h.ws('robot/hello', { any: 1 });
    expect(h.state).toBe(before);
    expect(fx).toContainEqual({ type: 'log', level: 'info', message: 'ignored unknown ws event robot/hello' });
  });

  it('takes names of object properties for unknown events too', () => {
    const h = booted();
    const before = h.state;
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const fx = h.ws(name, {});
      expect(fx).toContainEqual({ type: 'log', level: 'info', message: `ignored unknown ws event ${name}` });
    }
    expect(h.state).toBe(before);
  });

  it('rejects an answer that does not fit and one to an unknown request', () => {
    const h = booted();
    h.answer('api/settings', { language: 'fr' });
    expect(h.state.rejections.recent[0]).toMatchObject({ source: 'http settings' });
    expect(h.state.settings.status).toBe('failed');
    h.send({ type: 'http/response', id: 999, status: 200, body: { data: {} } });
    expect(h.state.rejections.count).toBe(2);
  });

  it('keeps the last 50 rejections in a ring, oldest first', async () => {
    const { recentRejections } = await import('../../core/rejections');
    const h = booted();
    for (let i = 0; i < 120; i++) h.send({ type: 'ws/message', raw: `bad ${i}` });
    expect(h.state.rejections.count).toBe(120);
    const recent = recentRejections(h.state.rejections);
    expect(recent).toHaveLength(50);
    expect(recent[0]?.reason).toBe('frame is not JSON: bad 70');
    expect(recent[49]?.reason).toBe('frame is not JSON: bad 119');
  });
});
