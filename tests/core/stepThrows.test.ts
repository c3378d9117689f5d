/**
 * A handler that throws (a malformed intent from a log) changes nothing but the rejections, in `step` and in a
 * batch (`stepAll`), and the events around it are stepped as if alone: the batch gives what stepping the
 * events one by one gives, effects, marks and rejections included.
 */
import { describe, expect, it } from 'vitest';
import { step, stepAll } from '../../core/step';
import { initialState, type State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import type { Effect } from '../../core/effects';

const started = step(initialState(), { type: 'shell/started', at: 1_000, path: '/', seed: 1, clientId: 'c' }).state;
// `path` is not a string: navigate's route parsing throws on it.
const broken = { type: 'ui/navigated', at: 2_500, path: 42 } as unknown as CoreEvent;

const events: CoreEvent[] = [
  { type: 'ws/opened', at: 2_000 },
  broken,
  { type: 'ws/message', at: 3_000, message: { event: 'robot/battery_state', data: { batteries: [{ charge: 0.5, health: 0.9 }] } } },
  broken,
  { type: 'tick', at: 20_000 },
];

function oneByOne(state: State): { state: State; effects: Effect[]; marks: number[] } {
  const effects: Effect[] = [];
  const marks: number[] = [];
  for (const event of events) {
    const r = step(state, event);
    state = r.state;
    effects.push(...r.effects);
    marks.push(effects.length);
  }
  return { state, effects, marks };
}

describe('a handler that throws', () => {
  it('is rejected with the reason, and the state is otherwise the one before the event', () => {
    const r = step(started, broken);
    expect(r.state.rejections.count).toBe(started.rejections.count + 1);
    expect(r.state.rejections.recent.at(-1)).toEqual({ at: 2_500, source: 'event ui/navigated', reason: expect.stringMatching(/^handler failed: TypeError/) });
    expect({ ...r.state, rejections: started.rejections }).toEqual(started);
    expect(r.effects).toEqual([{ type: 'log', level: 'warn', message: expect.stringMatching(/^rejected event ui\/navigated: handler failed/) }]);
  });

  it('in a batch gives what stepping one by one gives', () => {
    const marks: number[] = [];
    const batch = stepAll(started, events, undefined, marks);
    const single = oneByOne(started);
    expect(batch.state).toEqual(single.state);
    expect(batch.effects).toEqual(single.effects);
    expect(marks).toEqual(single.marks);
    expect(batch.rejected.map((r) => r.index)).toEqual([1, 3]);
    expect(batch.state.batteries.charges).toEqual([0.5]);
  });
});
