/**
 * The quick mission wizard (spec 2.2): destination, activity, who, load, message, start. The step shown is
 * the first one not filled in, unless the person jumped back to one in the breadcrumb.
 */
import type { Ctx, DraftState } from '../context';
import type { CallError } from '../calls/pending';
import { requestResendable } from '../calls/request';
import { navigate } from '../navigate';
import { ANYONE_ID, canSkip, quickFilled, quickStep } from './views';
import { isLoadEmpty, shelvesPerSide, toWire } from './load';
import { emptyLoad, initialQuick, type QuickStep } from './types';

export const QUICK_PATH = '/missions/new-quick-mission';

/** A choice on the destination, activity or who step. A new destination forgets the recipient chosen for the old one. */
export function quickChosen(d: DraftState, field: 'destination' | 'activity' | 'who', id: number): void {
  const q = d.quick;
  if (field === 'destination' && q.destination !== id) q.who = null;
  q[field] = id;
  q.jump = null;
}

/** Next on the load step: refused while both sides are empty (spec 5). */
export function quickLoadConfirmed(d: DraftState): void {
  if (isLoadEmpty(d.quick.load)) return;
  d.quick.loadDone = true;
  d.quick.jump = null;
}

/** Next on the message step: refused while empty; the read confirmation needs a message. */
export function quickMessageConfirmed(d: DraftState, message: string, readAck: boolean): void {
  const text = message.trim();
  if (text === '') return;
  d.quick.message = text;
  d.quick.messageReadAck = readAck;
  d.quick.messageDone = true;
  d.quick.jump = null;
}

/** Skip: who becomes 'Anyone in the area', the load and the message empty. Elsewhere it does nothing. */
export function quickSkipped(d: DraftState): void {
  const q = d.quick;
  const step = quickStep(q);
  if (!canSkip(step)) return;
  if (step === 'who') q.who = ANYONE_ID;
  if (step === 'load') {
    q.load = emptyLoad();
    q.loadDone = true;
  }
  if (step === 'message') {
    q.message = '';
    q.messageReadAck = false;
    q.messageDone = true;
  }
  q.jump = null;
}

/** The breadcrumb: back to a filled step (or the step on show). */
export function quickJumped(d: DraftState, step: QuickStep): void {
  const q = d.quick;
  const current = quickStep(q);
  if (step === current || quickFilled(q, step)) q.jump = step;
}

/** 'Start mission': creates the quick definition (spec 7); the answer goes back to /missions. */
export function quickStarted(d: DraftState, ctx: Ctx): void {
  const q = d.quick;
  if (d.missions.save === 'pending' || quickStep(q) !== 'start') return;
  if (q.destination === null || q.activity === null || q.who === null) return;
  const shelves = shelvesPerSide(d.settings.data, d.setup);
  d.missions.save = 'pending';
  d.missions.saveError = null;
  requestResendable(d, ctx, 'quickDefinition', 'POST', 'api/mission/definition/quick', {
    destination_id: q.destination,
    activity_id: q.activity,
    recipient_id: q.who,
    load_location_left: toWire(q.load.left, shelves.left),
    load_location_right: toWire(q.load.right, shelves.right),
    message: q.message,
    message_read_required: q.message !== '' && q.messageReadAck,
  });
}

export function quickCreated(d: DraftState, ctx: Ctx): void {
  d.missions.save = 'idle';
  d.quick = initialQuick();
  // Entering the list reloads it, new definition included.
  navigate(d, ctx, '/missions');
}

/** A refused or failed create keeps the draft and says why. */
export function definitionFailed(d: DraftState, _ctx: Ctx, error: CallError): void {
  d.missions.save = 'failed';
  d.missions.saveError = error.message;
}
