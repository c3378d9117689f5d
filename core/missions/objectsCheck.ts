/**
 * Done on the delivery or pickup list with objects left unticked asks first (issue 18): "Not everything was
 * taken. Finish anyway?" (pickup: "included"). Everything ticked finishes at once, as before. Pure reducers.
 */
import type { Ctx, DraftState } from '../context';
import { currentActivity } from './views';
import { flattenLoad } from './load';
import { objectsDone } from './tasks';

export type ObjectsCheckIntent = { type: 'ui/objectsPartialAnswered'; at: number; finish: boolean };

/** 'Done' with the ticked objects: all of them finishes; fewer asks. */
export function objectsDonePressed(d: DraftState, ctx: Ctx, items: string[]): void {
  const cur = currentActivity(d);
  const state = d.movement.state;
  if (!cur || (state !== 'inDelivery' && state !== 'inPickup')) return;
  const total = flattenLoad({ left: cur.activity.load_location_left, right: cur.activity.load_location_right }).length;
  const ticked = items.filter((x) => typeof x === 'string');
  if (ticked.length < total) {
    d.movement.partialDone = ticked;
    return;
  }
  objectsDone(d, ctx, ticked);
}

/** The answer: finish anyway (the ticked objects are reported), or go back to the list. */
export function objectsPartialAnswered(d: DraftState, ctx: Ctx, finish: boolean): void {
  const items = d.movement.partialDone;
  if (items === null) return;
  d.movement.partialDone = null;
  if (finish === true) objectsDone(d, ctx, [...items]);
}
