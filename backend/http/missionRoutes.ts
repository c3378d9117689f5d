/** Activities, mission definitions (which queue a mission) and the current mission. */
import type { z } from 'zod';
import type { App } from '../app';
import type { RunnerResult } from '../missionRunner';
import { ACTIVITIES, type ActivityDef, iso } from '../types';
import { ApiError, conflict, notFound, type Router, validate } from './router';
import { activityStatusBody, pathBody, quickBody } from './schemas';

/** The app's synthetic "Anyone in the area" recipient (api.md): always a valid recipient id. */
export const ANYONE = 1;

/** Registers the mission calls. */
export function missionRoutes(r: Router, app: App): void {
  const { missions, places } = app.store;
  const { runner } = app.world;

  r.on('GET', '/api/activities', () => ACTIVITIES);
  r.on('GET', '/api/activities/recents', () =>
    missions.recentActivityIds().map((id) => ACTIVITIES.find((a) => a.id === id)).filter((a) => a !== undefined),
  );
  r.on('GET', '/api/missions/definitions', () => missions.definitions());

  /** Stores and queues a definition after checking every id it refers to. */
  const create = (name: string, steps: { destination_id: number; activities: ActivityDef[] }[]) => {
    steps.forEach((s, i) => {
      if (!places.destination(s.destination_id)) bad(`steps.${i}.destination_id`, `no destination ${s.destination_id}`);
      s.activities.forEach((a, j) => {
        if (!ACTIVITIES.some((x) => x.id === a.activity_id)) bad(`steps.${i}.activities.${j}.activity_id`, `no activity ${a.activity_id}`);
        for (const rid of a.recipients)
          if (rid !== ANYONE && !places.recipient(rid)) bad(`steps.${i}.activities.${j}.recipients`, `no recipient ${rid}`);
      });
    });
    const at = iso(app.clock.now());
    const def = app.store.tx(() => {
      const d = missions.createAndQueue({ name, steps }, at);
      places.touch(
        steps.map((s) => s.destination_id),
        steps.flatMap((s) => s.activities.flatMap((a) => a.recipients)),
        at,
      );
      return d;
    });
    runner.kick();
    return def;
  };

  r.on('POST', '/api/mission/definition/quick', ({ body }) => {
    const q = validate(quickBody, body);
    const activity = { idx: 0, ...pick(q), recipients: [q.recipient_id] };
    try {
      return create('', [{ destination_id: q.destination_id, activities: [activity] }]);
    } catch (e) {
      // Quick bodies are flat: name their fields, not the path-definition ones.
      if (e instanceof ApiError) throw new ApiError(e.status, e.code, e.message.replace(/^steps\.0\.(activities\.0\.)?/, '').replace(/^recipients/, 'recipient_id'));
      throw e;
    }
  });

  r.on('POST', '/api/mission/definition/path', ({ body }) => {
    const p = validate(pathBody, body);
    const steps = p.steps.map((s) => ({
      destination_id: s.destination_id,
      activities: s.activities.map((a, idx) => ({ idx, ...pick(a), recipients: a.recipients === 0 ? [] : a.recipients })),
    }));
    return create(p.name, steps);
  });

  /**
   * The one-tap charging mission of the low-battery alert: its own kind, one step to Base with no activities
   * (no recipient, no load, no message). It goes now (issue 42): before every queued mission, and a mission the
   * robot is on (departing, driving, or waiting at a destination) is stopped for it, recorded as stopped. One at a
   * time: while one runs or waits to leave, that one is answered. 404 `no_base` when no destination is named Base.
   */
  r.on('POST', '/api/mission/charging', () => {
    const running = runner.current && missions.definition(runner.current.definition_id);
    if (running && running.kind === 'charging') return running;
    const waiting = missions.queuedIds().map((id) => missions.definition(id)).find((def) => def?.kind === 'charging');
    if (waiting) {
      runner.chargeNow();
      return waiting;
    }
    const base = places.destinations().find((d) => d.name.trim().toLowerCase() === 'base');
    if (!base) throw new ApiError(404, 'no_base', 'no destination is named Base');
    const def = missions.createAndQueue({ name: '', kind: 'charging', steps: [{ destination_id: base.id, activities: [] }] }, iso(app.clock.now()), 'front');
    runner.chargeNow();
    return def;
  });

  r.on('POST', '/api/mission/definition/:id/run', ({ params }) => {
    const id = Number(params.id);
    if (!missions.definition(id)) throw notFound('mission definition');
    missions.queue(id, iso(app.clock.now()));
    runner.kick();
    return {};
  });

  r.on('GET', '/api/current_mission', () => runner.view());
  const act = (res: RunnerResult, what: string) => {
    if (res === 'conflict') throw conflict(`cannot ${what}: no mission is running`);
    return {};
  };
  r.on('PUT', '/api/current_mission/pause', () => act(runner.pause(), 'pause'));
  r.on('PUT', '/api/current_mission/resume', () => act(runner.resume(), 'resume'));
  r.on('PUT', '/api/current_mission/cancel', () => act(runner.cancel(), 'cancel'));

  r.on('PUT', '/api/current_mission/step/:step/activity/:activity/status', ({ params, body }) => {
    const b = validate(activityStatusBody, body);
    const res = runner.report(Number(params.step), Number(params.activity), b as Record<string, unknown>);
    if (res === 'not_found') throw notFound('activity');
    if (res === 'conflict') throw conflict('the robot is not at that step: no mission, or it has not arrived there');
    return {};
  });
}

function bad(field: string, message: string): never {
  throw new ApiError(400, 'invalid_request', `${field}: ${message}`);
}

type ActivityFields = Pick<z.infer<typeof quickBody>, 'activity_id' | 'load_location_left' | 'load_location_right' | 'message' | 'message_read_required'>;
function pick(a: ActivityFields) {
  return {
    activity_id: a.activity_id,
    load_location_left: a.load_location_left,
    load_location_right: a.load_location_right,
    message: a.message,
    message_read_required: a.message_read_required,
  };
}
