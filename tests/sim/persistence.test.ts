/** Persistence: the schema, WAL, everything written survives a restart, a mission carries on, --reset wipes. */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../backend/db/migrations';
import { startTestSim, until, wsProbe } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sim-persist-'));
const dbPath = join(dir, 'nested', 'robot.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts on the shared database without deleting the folder on close. */
async function boot(opts: { reset?: boolean; speed?: number } = {}) {
  const t = await startTestSim({ dbPath, ...opts }, dir);
  return { ...t, close: () => t.sim.close() };
}

describe('persistence', () => {
  it('creates a WAL database at the current schema version', async () => {
    const t = await boot();
    await t.close();
    const db = new Database(dbPath, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('keeps settings, places, zones, definitions, maps and history across a restart', async () => {
    let t = await boot();
    await t.call('PATCH', '/api/settings', { robot_name: 'Persisto', language: 'it', superadmin_pin: '135790' });
    // A map made by mapping: start, let the lidar look around, stop.
    await t.call('POST', '/api/mapping/start');
    await t.call('POST', '/api/mapping/stop');
    const d = (await t.call('POST', '/api/destination', { name: 'Lobby', x: 4, y: 2, orientation: -90, resolution: 0.05 })).body.data;
    const r = (await t.call('POST', '/api/recipient', { name: 'Giulia', destination_id: d.id })).body.data;
    const z = (await t.call('POST', '/api/no-go-zone', { x: 1, y: 2, width: 3, height: 4 })).body.data;
    const map = (await t.call('GET', '/api/map/latest')).body.data;
    await t.call('POST', '/control/battery', { charges: [0.42, 0.37] });
    await t.close();

    t = await boot();
    expect((await t.call('GET', '/api/settings')).body.data).toMatchObject({ robot_name: 'Persisto', language: 'it', has_superadmin_pin: true });
    expect((await t.call('POST', '/api/auth/login', { pin: '135790' })).body.data.isCorrect).toBe(true);
    // The first map made "Base" at the dock (issue 18), before Lobby.
    expect((await t.call('GET', '/api/destinations')).body.data).toEqual([expect.objectContaining({ name: 'Base', x: 0, y: 0 }), d]);
    expect((await t.call('GET', '/api/recipients')).body.data).toEqual([r]);
    expect((await t.call('GET', '/api/no-go-zones')).body.data).toEqual([z]);
    expect((await t.call('GET', '/api/map/latest')).body.data.image).toBe(map.image);
    const charges = (await t.call('GET', '/api/diagnostics/batteries')).body.data.batteries.map((b: { charge: number }) => b.charge);
    expect(charges[0]).toBeCloseTo(0.42, 2);
    expect(charges[1]).toBeCloseTo(0.37, 2);
    await t.close();
  });

  it('carries a running mission on after a restart', async () => {
    let t = await boot({ speed: 50 });
    // Lobby, not the Base the first map made where the robot stands.
    const dest = ((await t.call('GET', '/api/destinations')).body.data as { name: string; id: number }[]).find((x) => x.name === 'Lobby')!;
    const ws = await wsProbe(t);
    const def = (
      await t.call('POST', '/api/mission/definition/quick', {
        destination_id: dest.id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false,
      })
    ).body.data;
    await ws.waitFor('movement/started');
    ws.close();
    await t.close();

    t = await boot({ speed: 50 });
    expect((await t.call('GET', '/api/current_mission')).body.data).toMatchObject({ definition_id: def.id, step_index: 0, status: 'running' });
    const ws2 = await wsProbe(t);
    await ws2.waitFor('movement/completed', (f) => f.data.mission_definition_id === def.id);
    await t.call('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' });
    await until(async () => JSON.stringify((await t.call('GET', '/api/current_mission')).body.data) === '{}');
    ws2.close();
    await t.close();
  });

  it('refuses a database from a newer simulator', async () => {
    const other = join(dir, 'newer.db');
    const db = new Database(other);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    await expect(startTestSim({ dbPath: other }, dir)).rejects.toThrow(/newer/);
  });

  it('starts from a fresh robot with --reset', async () => {
    const t = await boot({ reset: true });
    expect((await t.call('GET', '/api/settings')).body.data.robot_name).toBeNull();
    expect((await t.call('GET', '/api/destinations')).body.data).toEqual([]);
    expect((await t.call('GET', '/api/map/latest')).body.data).toEqual({});
    await t.close();
  });
});
