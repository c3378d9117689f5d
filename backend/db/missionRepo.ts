/** Mission definitions, the queue of missions to run, the current mission and the ended missions. */
import type { ActivityDef, CurrentMission, EndedMission, MissionDefinition } from '../types';
import type { Db } from './open';

/** A definition to store: steps without ids yet. */
export interface NewDefinition {
  name: string;
  steps: { destination_id: number; activities: ActivityDef[] }[];
  kind?: 'charging';
}

type DefinitionRow = Omit<MissionDefinition, 'steps' | 'kind'> & { kind: string | null };

/** A stored definition's head as api.md answers it: `kind` only when it has one. */
function head(row: DefinitionRow): Omit<MissionDefinition, 'steps'> {
  const { kind, ...rest } = row;
  return kind === 'charging' ? { ...rest, kind } : rest;
}

/** Reads and writes everything about missions. */
export class MissionRepo {
  constructor(private db: Db) {}

  definitions(): MissionDefinition[] {
    const defs = (this.db.prepare('SELECT id, name, created_at, kind FROM mission_definitions ORDER BY id').all() as DefinitionRow[]).map(head);
    const steps = this.db.prepare('SELECT * FROM mission_steps ORDER BY definition_id, idx').all() as StepRow[];
    const byDef = new Map<number, StepRow[]>();
    for (const s of steps) byDef.set(s.definition_id, [...(byDef.get(s.definition_id) ?? []), s]);
    return defs.map((d) => ({ ...d, steps: (byDef.get(d.id) ?? []).map(stepFromRow) }));
  }

  definition(id: number): MissionDefinition | undefined {
    const row = this.db.prepare('SELECT id, name, created_at, kind FROM mission_definitions WHERE id = ?').get(id) as DefinitionRow | undefined;
    if (!row) return undefined;
    const d = head(row);
    const steps = this.db.prepare('SELECT * FROM mission_steps WHERE definition_id = ? ORDER BY idx').all(id) as StepRow[];
    return { ...d, steps: steps.map(stepFromRow) };
  }

  /**
   * Stores a definition and puts it at the back of the run queue, in one transaction; `queue` 'front' puts it
   * before every queued mission (the charging mission, issue 42), false queues nothing.
   */
  createAndQueue(def: NewDefinition, at: string, queue: boolean | 'front' = true): MissionDefinition {
    return this.db.transaction(() => {
      const info = this.db.prepare('INSERT INTO mission_definitions (name, created_at, kind) VALUES (?, ?, ?)').run(def.name, at, def.kind ?? null);
      const id = Number(info.lastInsertRowid);
      const ins = this.db.prepare('INSERT INTO mission_steps (definition_id, idx, destination_id, activities) VALUES (?, ?, ?, ?)');
      def.steps.forEach((s, i) => ins.run(id, i, s.destination_id, JSON.stringify(s.activities)));
      const acts = this.db.prepare(
        'INSERT INTO activity_use (activity_id, last_used_at) VALUES (?, ?) ON CONFLICT(activity_id) DO UPDATE SET last_used_at = excluded.last_used_at',
      );
      for (const s of def.steps) for (const a of s.activities) acts.run(a.activity_id, at);
      // The queue runs in id order: the front is one below the lowest id queued (none queued: the next id).
      if (queue === 'front') this.db.prepare('INSERT INTO mission_queue (id, definition_id, queued_at) SELECT MIN(id) - 1, ?, ? FROM mission_queue').run(id, at);
      else if (queue) this.db.prepare('INSERT INTO mission_queue (definition_id, queued_at) VALUES (?, ?)').run(id, at);
      return this.definition(id) as MissionDefinition;
    })();
  }

  /** Puts a stored definition at the back of the run queue again (POST api/mission/definition/{id}/run). */
  queue(id: number, at: string): void {
    this.db.prepare('INSERT INTO mission_queue (definition_id, queued_at) VALUES (?, ?)').run(id, at);
  }

  /** Activity ids, most recently used first. */
  recentActivityIds(): number[] {
    return (this.db.prepare('SELECT activity_id FROM activity_use ORDER BY last_used_at DESC').all() as { activity_id: number }[]).map(
      (r) => r.activity_id,
    );
  }

  /** The next queued definition id, removing it from the queue, or null. */
  dequeue(): number | null {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT id, definition_id FROM mission_queue ORDER BY id LIMIT 1').get() as
        | { id: number; definition_id: number }
        | undefined;
      if (!row) return null;
      this.db.prepare('DELETE FROM mission_queue WHERE id = ?').run(row.id);
      return row.definition_id;
    })();
  }

  /** The queued definition ids, next first. */
  queuedIds(): number[] {
    return (this.db.prepare('SELECT definition_id FROM mission_queue ORDER BY id').all() as { definition_id: number }[]).map((r) => r.definition_id);
  }

  queueLength(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM mission_queue').get() as { n: number }).n;
  }

  current(): CurrentMission | null {
    const row = this.db.prepare('SELECT * FROM current_mission WHERE id = 1').get() as
      | (Omit<CurrentMission, 'activities'> & { activities: string })
      | undefined;
    if (!row) return null;
    return {
      definition_id: row.definition_id,
      status: row.status,
      step_index: row.step_index,
      activities: JSON.parse(row.activities),
      started_at: row.started_at,
      distance: row.distance,
    };
  }

  saveCurrent(m: CurrentMission): void {
    this.db
      .prepare(
        `INSERT INTO current_mission (id, definition_id, status, step_index, activities, started_at, distance)
         VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET definition_id = excluded.definition_id,
         status = excluded.status, step_index = excluded.step_index, activities = excluded.activities,
         started_at = excluded.started_at, distance = excluded.distance`,
      )
      .run(m.definition_id, m.status, m.step_index, JSON.stringify(m.activities), m.started_at, m.distance);
  }

  /** Records the ended mission and clears the current one, atomically. */
  end(m: Omit<EndedMission, 'id'>): EndedMission {
    return this.db.transaction(() => {
      const id = this.insertEnded(m);
      this.db.prepare('DELETE FROM current_mission WHERE id = 1').run();
      return { ...m, id };
    })();
  }

  /** Inserts an ended mission directly (demo data). */
  insertEnded(m: Omit<EndedMission, 'id'>): number {
    const info = this.db
      .prepare('INSERT INTO ended_missions (definition_id, started_at, ended_at, status, distance, steps, outcome, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(m.definition_id, m.started_at, m.ended_at, m.status, m.distance, JSON.stringify(m.steps), m.outcome ?? null, m.reason ?? null);
    return Number(info.lastInsertRowid);
  }

  /** Ended missions that started in [from, to) (ISO strings compare in time order). */
  endedBetween(from: string, to: string): EndedMission[] {
    return (this.db.prepare('SELECT * FROM ended_missions WHERE started_at >= ? AND started_at < ? ORDER BY started_at').all(from, to) as EndedRow[]).map(
      endedFromRow,
    );
  }

  endedByIds(ids: number[]): EndedMission[] {
    const stmt = this.db.prepare('SELECT * FROM ended_missions WHERE id = ?');
    return ids.map((id) => stmt.get(id) as EndedRow | undefined).filter((r): r is EndedRow => !!r).map(endedFromRow);
  }
}

interface StepRow {
  id: number;
  definition_id: number;
  idx: number;
  destination_id: number;
  activities: string;
}
type EndedRow = Omit<EndedMission, 'steps' | 'outcome' | 'reason'> & { steps: string; outcome: string | null; reason: string | null };

function stepFromRow(s: StepRow) {
  return { id: s.id, destination_id: s.destination_id, activities: JSON.parse(s.activities) as ActivityDef[] };
}

/** api.md's EndedMission: `outcome` and `reason` only when recorded (missions ended before they were). */
function endedFromRow(r: EndedRow): EndedMission {
  const { outcome, reason, ...rest } = r;
  const ended: EndedMission = { ...rest, steps: JSON.parse(r.steps) };
  if (outcome === 'failed' || outcome === 'stopped') ended.outcome = outcome;
  if (reason !== null) ended.reason = reason;
  return ended;
}
