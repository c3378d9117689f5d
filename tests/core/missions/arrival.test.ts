import { describe, expect, it } from 'vitest';
import { loggedIn, type Harness } from '../harness';
import { answerLoad, ids } from './fixtures';
import { infoStepIndex } from '../../../core/missions/infoStep';


function atDestination(mission: number): Harness {
  const h = loggedIn('/missions');
  answerLoad(h);
  h.ws('movement/ready', { ...ids(mission, 0), duration: 10 });
  h.advance(1_000);
  h.ws('movement/completed', ids(mission, 0));
  return h;
}

const reported = (h: Harness) => h.requests().filter((r) => r.path.startsWith('api/current_mission/step/')).map((r) => r.body);
/** Answers every activity status call in flight, in order. */
function drain(h: Harness): void {
  for (let i = 0; i < 10; i++) {
    const pending = h.requests().filter((r) => r.path.startsWith('api/current_mission/step/') && h.state.requests.pending[r.id]);
    if (pending.length === 0) return;
    h.send({ type: 'http/response', id: pending[0]!.id, status: 200, body: { data: {} } });
  }
}

describe('Done with objects left unticked', () => {
  it('asks "Finish anyway?"; Back returns to the list with nothing reported; Finish reports the ticked ones', () => {
    const h = atDestination(7);
    h.send({ type: 'ui/activityManaged' });
    h.send({ type: 'ui/messageRead', confirmed: true });
    drain(h);
    expect(h.state.movement.state).toBe('inDelivery');
    h.send({ type: 'ui/objectsDone', items: [] });
    expect(h.state.movement).toMatchObject({ state: 'inDelivery', partialDone: [] });
    h.send({ type: 'ui/objectsPartialAnswered', finish: false });
    expect(h.state.movement).toMatchObject({ state: 'inDelivery', partialDone: null });
    expect(reported(h)).toEqual([{ message: 'read' }]);
    h.send({ type: 'ui/objectsDone', items: [] });
    h.send({ type: 'ui/objectsPartialAnswered', finish: true });
    drain(h);
    expect(reported(h)).toEqual([{ message: 'read' }, { delivered: [] }, { status: 'completed' }]);
    expect(h.state.route.path).toBe('/missions');
  });

  it('everything ticked finishes at once, as before (a pickup here)', () => {
    const h = atDestination(8);
    h.send({ type: 'ui/activityManaged' });
    expect(h.state.movement.state).toBe('inPickup');
    h.send({ type: 'ui/objectsDone', items: ['samples'] });
    expect(h.state.movement.partialDone).toBeNull();
    expect(reported(h)).toEqual([{ 'picked-up': ['samples'] }]);
  });

  it('an answer with no question pending does nothing', () => {
    const h = atDestination(7);
    h.send({ type: 'ui/objectsPartialAnswered', finish: true });
    expect(reported(h)).toEqual([]);
  });
});

describe("the info panel's step", () => {
  it('is the step the headline names: the next one while waiting for instructions', () => {
    const h = atDestination(8);
    expect(infoStepIndex(h.state)).toBe(0);
    h.send({ type: 'ui/activityManaged' });
    h.send({ type: 'ui/objectsDone', items: ['samples'] });
    h.send({ type: 'ui/activityManaged' });
    h.send({ type: 'ui/messageRead', confirmed: true });
    expect(h.state.movement).toMatchObject({ state: 'waitingForInstructions', stepIndex: 0 });
    expect(infoStepIndex(h.state)).toBe(1);
    h.ws('movement/ready', { ...ids(8, 1), duration: 5 });
    h.advance(1_000);
    expect(h.state.movement).toMatchObject({ state: 'departing', stepIndex: 1 });
    expect(infoStepIndex(h.state)).toBe(1);
  });
});
