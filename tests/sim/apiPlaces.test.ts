/** Destinations, recipients, no-go zones, activities and definitions: answers and validation errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDestination, startTestSim, type TestSim } from './helpers';

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({ speed: 1 });
});
afterAll(() => t.close());

describe('destinations', () => {
  it('creates, lists, updates and deletes', async () => {
    expect((await t.call('GET', '/api/destinations')).body).toEqual({ data: [] });
    const c = await t.call('POST', '/api/destination', { name: 'Lab', x: 15.8, y: 2.2, orientation: 90, resolution: 0.05 });
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ name: 'Lab', x: 15.8, y: 2.2, orientation: 90, resolution: 0.05, color: '#d9d9d9' });
    expect(c.body.data.id).toBeGreaterThan(0);
    expect(c.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const id = c.body.data.id;
    const u = await t.call('PATCH', `/api/destination/${id}`, { name: 'Main Lab', color: '#112233' });
    expect(u.body.data).toMatchObject({ id, name: 'Main Lab', color: '#112233', x: 15.8 });
    expect((await t.call('PATCH', `/api/destination/${id}`, { color: null })).body.data.color).toBe('#d9d9d9');
    expect((await t.call('GET', '/api/destinations')).body.data).toHaveLength(1);
    expect((await t.call('DELETE', `/api/destination/${id}`)).body).toEqual({ data: {} });
    expect((await t.call('DELETE', `/api/destination/${id}`))).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect((await t.call('PATCH', `/api/destination/${id}`, { name: 'x' })).status).toBe(404);
    expect((await t.call('GET', '/api/destinations/recents')).body.data).toEqual([]);
  });

  it.each([
    [{ x: 1, y: 1, orientation: 0, resolution: 0.05 }, 'name'],
    [{ name: '', x: 1, y: 1, orientation: 0, resolution: 0.05 }, 'name'],
    [{ name: 'A', x: '1', y: 1, orientation: 0, resolution: 0.05 }, 'x'],
    [{ name: 'A', x: 1, y: null, orientation: 0, resolution: 0.05 }, 'y'],
    [{ name: 'A', x: 1, y: 1, orientation: 720, resolution: 0.05 }, 'orientation'],
    [{ name: 'A', x: 1, y: 1, orientation: 0 }, 'resolution'],
    [{ name: 'A', x: 1, y: 1, orientation: 0, resolution: 0.05, color: 'red' }, 'color'],
    [{ name: 'A', x: 1, y: 1, orientation: 0, resolution: 0.05, extra: 1 }, 'extra'],
  ])('refuses %j (field %s) and stores nothing', async (body, field) => {
    const r = await t.call('POST', '/api/destination', body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request' });
    expect(r.body.error.message).toContain(field);
    expect((await t.call('GET', '/api/destinations')).body.data).toEqual([]);
  });
});

describe('recipients', () => {
  it('creates per destination, never with id 1, lists, deletes, and goes with its destination', async () => {
    const d = await makeDestination(t, 'Office', 3, 15);
    const a = await t.call('POST', '/api/recipient', { name: 'Ada', destination_id: d.id });
    expect(a.body.data).toEqual({ id: a.body.data.id, name: 'Ada', destination_id: d.id });
    // id 1 is the app's synthetic "Anyone in the area".
    expect(a.body.data.id).toBeGreaterThan(1);
    const b = (await t.call('POST', '/api/recipient', { name: 'Bob', destination_id: d.id })).body.data;
    expect((await t.call('GET', `/api/recipients/destination/${d.id}`)).body.data.map((x: { name: string }) => x.name)).toEqual(['Ada', 'Bob']);
    expect((await t.call('GET', '/api/recipients')).body.data).toHaveLength(2);
    expect((await t.call('GET', '/api/recipients/recents')).body.data).toEqual([]);
    expect((await t.call('DELETE', `/api/recipient/${b.id}`)).body).toEqual({ data: {} });
    expect((await t.call('DELETE', `/api/recipient/${b.id}`)).status).toBe(404);
    expect((await t.call('GET', '/api/recipients/destination/9999')).status).toBe(404);
    await t.call('DELETE', `/api/destination/${d.id}`);
    expect((await t.call('GET', '/api/recipients')).body.data).toEqual([]);
  });

  it('validates the body', async () => {
    expect((await t.call('POST', '/api/recipient', { name: 'X', destination_id: 9999 })).body.error.message).toContain('destination_id');
    expect((await t.call('POST', '/api/recipient', { name: 'X', destination_id: 0 })).status).toBe(400);
    expect((await t.call('POST', '/api/recipient', { destination_id: 2 })).body.error.message).toContain('name');
  });
});

describe('no-go zones', () => {
  it('creates, lists and deletes whole-pixel zones', async () => {
    const z = await t.call('POST', '/api/no-go-zone', { x: 10, y: 20, width: 30, height: 40 });
    expect(z.body.data).toEqual({ id: z.body.data.id, x: 10, y: 20, width: 30, height: 40 });
    expect((await t.call('GET', '/api/no-go-zones')).body.data).toEqual([z.body.data]);
    expect((await t.call('DELETE', `/api/no-go-zone/${z.body.data.id}`)).body).toEqual({ data: {} });
    expect((await t.call('DELETE', `/api/no-go-zone/${z.body.data.id}`)).status).toBe(404);
  });

  it.each([
    [{ x: 1.5, y: 0, width: 1, height: 1 }, 'x'],
    [{ x: -1, y: 0, width: 1, height: 1 }, 'x'],
    [{ x: 0, y: 0, width: 0, height: 1 }, 'width'],
    [{ x: 0, y: 0, width: 1 }, 'height'],
  ])('refuses %j', async (body, field) => {
    const r = await t.call('POST', '/api/no-go-zone', body);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain(field);
  });
});

describe('activities and definitions', () => {
  it('lists the activity catalogue', async () => {
    expect((await t.call('GET', '/api/activities')).body.data).toEqual([
      { id: 1, name: 'delivery' },
      { id: 2, name: 'pickup' },
    ]);
    expect((await t.call('GET', '/api/activities/recents')).body.data).toEqual([]);
  });

  it('validates quick and path definitions, naming the field', async () => {
    const d = await makeDestination(t, 'Spot', 5, 5);
    const quick = { destination_id: d.id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false };
    const cases: [string, unknown, string][] = [
      ['quick', { ...quick, destination_id: 9999 }, 'destination_id'],
      ['quick', { ...quick, activity_id: 3 }, 'activity_id'],
      ['quick', { ...quick, recipient_id: 9999 }, 'recipient_id'],
      ['quick', { ...quick, load_location_left: [['a'], ['b'], ['c'], ['d']] }, 'load_location_left'],
      ['quick', { ...quick, message_read_required: 'no' }, 'message_read_required'],
      ['quick', { destination_id: d.id }, 'activity_id'],
      ['path', { name: 'M', steps: [] }, 'steps'],
      ['path', { name: '', steps: [{ destination_id: d.id, activities: [] }] }, 'name'],
      ['path', { name: 'M', steps: [{ destination_id: d.id, activities: [] }] }, 'steps.0.activities'],
      ['path', { name: 'M', steps: [{ destination_id: d.id, activities: [{ activity_id: 1, recipients: [9999], message: '', message_read_required: false, load_location_left: [], load_location_right: [] }] }] }, 'steps.0.activities.0.recipients'],
      ['path', { name: 'M', steps: [{ destination_id: d.id, activities: [{ activity_id: 1, recipients: 2, message: '', message_read_required: false, load_location_left: [], load_location_right: [] }] }] }, 'steps.0.activities.0.recipients'],
    ];
    for (const [kind, body, field] of cases) {
      const r = await t.call('POST', `/api/mission/definition/${kind}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('invalid_request');
      expect(r.body.error.message, JSON.stringify(body)).toContain(field);
    }
    expect((await t.call('GET', '/api/missions/definitions')).body.data).toEqual([]);
    expect((await t.call('GET', '/api/current_mission')).body.data).toEqual({});

    const ok = await t.call('POST', '/api/mission/definition/quick', quick);
    expect(ok.status).toBe(200);
    const defs = (await t.call('GET', '/api/missions/definitions')).body.data;
    expect(defs).toHaveLength(1);
    expect(defs[0]).toMatchObject({
      name: '',
      steps: [{ destination_id: d.id, activities: [{ idx: 0, activity_id: 1, recipients: [1], load_location_left: [], load_location_right: [], message: '', message_read_required: false }] }],
    });
    expect(defs[0].steps[0].id).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/activities/recents')).body.data).toEqual([{ id: 1, name: 'delivery' }]);
    expect((await t.call('GET', '/api/destinations/recents')).body.data.map((x: { id: number }) => x.id)).toEqual([d.id]);
    // The mission is queued: with no map it will fail, which the mission tests cover.
  });
});
