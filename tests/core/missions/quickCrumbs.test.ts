/** The quick wizard's breadcrumb view (core/missions/quickCrumbs.ts) on drafts the core builds. */
import { describe, expect, it } from 'vitest';
import { loggedIn, type Harness } from '../harness';
import { quickCrumbs } from '../../../core/missions/quickCrumbs';
import { answerLoad } from './fixtures';

function wizard(): Harness {
  const h = loggedIn('/missions/new-quick-mission');
  answerLoad(h);
  return h;
}
const crumbs = (h: Harness) => quickCrumbs(h.state.quick, h.state.missions);

describe("the quick wizard's breadcrumb", () => {
  it('starts with only the first step on show and a touch away; the others empty and disabled', () => {
    expect(crumbs(wizard())).toEqual([
      { step: 'destination', current: true, enabled: true, value: { kind: 'none' } },
      { step: 'activity', current: false, enabled: false, value: { kind: 'none' } },
      { step: 'who', current: false, enabled: false, value: { kind: 'none' } },
      { step: 'load', current: false, enabled: false, value: { kind: 'none' } },
      { step: 'message', current: false, enabled: false, value: { kind: 'none' } },
    ]);
  });

  it("shows each filled step's value: the names, the activity by DELIVERY_ID, the load's counts, the message cut to 10", () => {
    const h = wizard();
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 3 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 2 });
    h.send({ type: 'ui/quickChosen', field: 'who', id: 4 });
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side: 'right', shelf: 0, value: 'box' });
    h.send({ type: 'ui/loadItemAdded', target: { kind: 'quick' }, side: 'right', shelf: 1, value: 'bag' });
    h.send({ type: 'ui/quickLoadConfirmed' });
    h.send({ type: 'ui/quickMessageConfirmed', message: 'Hello there, Sara', readAck: false });
    // On the start step no crumb is current, and every one is a touch away.
    expect(crumbs(h)).toEqual([
      { step: 'destination', current: false, enabled: true, value: { kind: 'name', name: 'Lab' } },
      { step: 'activity', current: false, enabled: true, value: { kind: 'activity', activity: 'pickup' } },
      { step: 'who', current: false, enabled: true, value: { kind: 'name', name: 'Sara' } },
      { step: 'load', current: false, enabled: true, value: { kind: 'load', left: 0, right: 2 } },
      { step: 'message', current: false, enabled: true, value: { kind: 'text', text: 'Hello ther...' } },
    ]);
  });

  it('a skipped recipient is anyone in the area, a skipped message a dash; a jump marks the step jumped to', () => {
    const h = wizard();
    h.send({ type: 'ui/quickChosen', field: 'destination', id: 2 });
    h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
    h.send({ type: 'ui/quickSkipped' });
    h.send({ type: 'ui/quickSkipped' });
    h.send({ type: 'ui/quickSkipped' });
    h.send({ type: 'ui/quickStepJumped', step: 'activity' });
    const [destination, activity, who, load, message] = crumbs(h);
    expect(destination).toMatchObject({ current: false, value: { kind: 'name', name: 'Reception' } });
    expect(activity).toMatchObject({ current: true, enabled: true, value: { kind: 'activity', activity: 'delivery' } });
    expect(who!.value).toEqual({ kind: 'anyone' });
    expect(load!.value).toEqual({ kind: 'load', left: 0, right: 0 });
    expect(message!.value).toEqual({ kind: 'text', text: '-' });
  });
});
