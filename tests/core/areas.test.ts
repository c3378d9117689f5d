/**
 * The core's tables are gathered from the list of areas (core/areas.ts): each frame, event, timer and call is
 * taken by exactly one area (a second one would silently replace the first), and the gathered tables hold
 * every case the core knows. The compile-time side is tests/core/areaTables.typecheck.ts.
 */
import { describe, expect, it } from 'vitest';
import { AREAS, EVENTS, FRAMES, TIMERS } from '../../core/areas';
import { CALLS } from '../../core/calls/registry';
import type { Area, TablePart } from '../../core/area';
import { wsDataSchemas } from '../../core/schemas/ws';

const PARTS: TablePart[] = ['frames', 'intents', 'events', 'timers', 'calls'];

describe('areas', () => {
  it('each area is listed once', () => {
    expect(new Set(AREAS).size).toBe(AREAS.length);
  });

  it.each(PARTS)('no two areas take the same %s', (part) => {
    const owners = new Map<string, number>();
    const twice: string[] = [];
    (AREAS as readonly Area[]).forEach((area, i) => {
      for (const key of Object.keys(area[part] ?? {})) {
        if (owners.has(key)) twice.push(`${key} (areas ${owners.get(key)} and ${i})`);
        owners.set(key, i);
      }
    });
    // Intents and events share one table: an event in both would be taken twice as well.
    expect(twice).toEqual([]);
  });

  it('an event is an intent of one area or a slice event of another, never both', () => {
    const intents = (AREAS as readonly Area[]).flatMap((a) => Object.keys(a.intents ?? {}));
    const events = (AREAS as readonly Area[]).flatMap((a) => Object.keys(a.events ?? {}));
    expect(intents.filter((t) => events.includes(t))).toEqual([]);
    expect(Object.keys(EVENTS).sort()).toEqual([...intents, ...events].sort());
  });

  it('every frame of the api table has its handler, and nothing else does', () => {
    expect(Object.keys(FRAMES).sort()).toEqual(Object.keys(wsDataSchemas).sort());
  });

  it('the timer and call tables hold what the areas give', () => {
    expect(Object.keys(TIMERS).length).toBe((AREAS as readonly Area[]).reduce((n, a) => n + Object.keys(a.timers ?? {}).length, 0));
    expect(Object.keys(CALLS).length).toBe((AREAS as readonly Area[]).reduce((n, a) => n + Object.keys(a.calls ?? {}).length, 0));
  });
});
