import { describe, expect, it } from 'vitest';
import { booted, loggedIn } from '../harness';
import { missionGroups, recipientsFor } from '../../../core/missions/views';
import { answerLoad, RECIPIENTS } from './fixtures';

const ANYONE = 'Anyone in the area';

describe('the missions list', () => {
  it('loads definitions, destinations, activities, recipients and the current mission together on entering /missions', () => {
    const h = loggedIn('/missions');
    const paths = h.requests().slice(-7).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual([
      'GET api/missions/definitions',
      'GET api/destinations',
      'GET api/activities',
      'GET api/recipients',
      'GET api/current_mission',
      // The last runs of the rows (core/missions/runs.ts): this month and the one before.
      'GET api/ended_missions/year/2026/month/11',
      'GET api/ended_missions/year/2026/month/10',
    ]);
    expect(h.state.missions.status).toBe('pending');
    answerLoad(h);
    expect(h.state.missions).toMatchObject({ status: 'loaded', waiting: 0, current: null });
    expect(h.state.missions.definitions.map((d) => d.id)).toEqual([7, 8, 9]);
    // Entering again reloads; a load under way is not doubled.
    h.send({ type: 'ui/navigated', path: '/missions/new-path-mission' });
    h.send({ type: 'ui/navigated', path: '/missions' });
    const before = h.requests().length;
    h.send({ type: 'ui/navigated', path: '/missions/new-quick-mission' });
    h.send({ type: 'ui/navigated', path: '/missions' });
    expect(h.requests().length).toBe(before);
  });

  it('reads a network failure as an empty catalogue and a refused part as a failed load', () => {
    const h = loggedIn('/missions');
    h.fail('api/missions/definitions');
    h.answer('api/destinations', []);
    h.answer('api/activities', []);
    h.answer('api/recipients', 'internal', 500);
    h.answer('api/current_mission', {});
    expect(h.state.missions.status).toBe('failed');
    expect(h.state.missions.definitions).toEqual([]);
  });

  it('sorts newest first and groups by the local day', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    const groups = missionGroups(h.state.missions, '', 0, ANYONE);
    expect(groups.map((g) => [g.year, g.month, g.day, g.rows.map((r) => r.id)])).toEqual([
      [2026, 10, 22, [8, 9]],
      [2026, 10, 20, [7]],
    ]);
    // Eight hours behind UTC (offset +480): 08:00Z is midnight of the 22nd, 07:00Z still the 21st.
    expect(missionGroups(h.state.missions, '', 480, ANYONE).map((g) => [g.day, g.rows.map((r) => r.id)])).toEqual([
      [22, [8]],
      [21, [9]],
      [20, [7]],
    ]);
  });

  it('summarises a quick mission by destination, activity and recipient, a path mission by name and destinations', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    const rows = missionGroups(h.state.missions, '', 0, ANYONE).flatMap((g) => g.rows);
    expect(rows.find((r) => r.id === 7)).toMatchObject({ kind: 'quick', destinations: ['Reception'], activities: ['delivery'], recipients: ['Giulia'] });
    expect(rows.find((r) => r.id === 8)).toMatchObject({ kind: 'path', name: 'Mission 01', destinations: ['Lab', 'Reception'], recipients: ['Marco', 'Sara', ANYONE, 'Giulia'] });
  });

  it('searches case-insensitively over mission name, destinations, activities and recipients', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    const ids = (q: string) => missionGroups(h.state.missions, q, 0, ANYONE).flatMap((g) => g.rows.map((r) => r.id));
    expect(ids('mission 0')).toEqual([8, 9]);
    expect(ids('RECEPTION')).toEqual([8, 7]);
    expect(ids('pickup')).toEqual([8]);
    expect(ids('sara')).toEqual([8]);
    expect(ids('anyone')).toEqual([8, 9]);
    expect(ids('  ')).toEqual([8, 9, 7]);
    expect(ids('nobody')).toEqual([]);
  });

  it("puts 'Anyone in the area' (id 1) first among a destination's recipients", () => {
    expect(recipientsFor(RECIPIENTS, 3, ANYONE)).toEqual([{ id: 1, name: ANYONE }, RECIPIENTS[1], RECIPIENTS[2]]);
    expect(recipientsFor(RECIPIENTS, 1, ANYONE)).toEqual([{ id: 1, name: ANYONE }]);
  });

  it('keeps a logged-out person away from the list (no load without a login)', () => {
    const h = booted('/missions');
    expect(h.state.route.path).toBe('/user-dashboard');
    expect(h.requests('api/missions/definitions')).toEqual([]);
  });
});

describe('a list that could not load', () => {
  it("loads again on 'Load again'", () => {
    const h = loggedIn('/missions');
    h.answer('api/missions/definitions', 'internal', 500);
    for (const path of ['api/destinations', 'api/activities', 'api/recipients']) h.answer(path, []);
    h.answer('api/current_mission', {});
    expect(h.state.missions.status).toBe('failed');
    expect(h.state.rejections.count).toBe(0);
    const before = h.requests('api/missions/definitions').length;
    h.send({ type: 'ui/missionsReloadPressed' });
    expect(h.requests('api/missions/definitions')).toHaveLength(before + 1);
    answerLoad(h);
    expect(h.state.missions.status).toBe('loaded');
  });
});
