/**
 * The quick wizard's breadcrumb (spec 2.2): each step before the start with what was chosen there, the step on
 * show marked, and a filled step a touch away. A pure view: the values are data the page words (a name as it
 * is, 'Anyone in the area', the activity, the load's counts), so the core holds no locale. No reducer imports,
 * as core/missions/views.ts.
 */
import type { Destination, Recipient } from '../schemas/entities';
import { ANYONE_ID, DELIVERY_ID, loadCrumb, messageCrumb, quickFilled, quickStep } from './views';
import { QUICK_STEPS, type QuickDraft, type QuickStep } from './types';

/** What a crumb shows under its label. */
export type CrumbValue =
  /** Not filled in yet: an empty line. */
  | { kind: 'none' }
  /** A destination's or a recipient's name, shown whole (it may wrap). */
  | { kind: 'name'; name: string }
  | { kind: 'anyone' }
  /** Activity id 1 is a delivery, any other a pickup (spec 3). */
  | { kind: 'activity'; activity: 'delivery' | 'pickup' }
  /** 'n Left / m Right'. */
  | { kind: 'load'; left: number; right: number }
  /** The message cut to 10 characters plus '...', or '-'. */
  | { kind: 'text'; text: string };

export interface Crumb {
  step: Exclude<QuickStep, 'start'>;
  /** The step on show. */
  current: boolean;
  /** A touch jumps to it: filled in, or on show. */
  enabled: boolean;
  value: CrumbValue;
}

const CRUMB_STEPS = QUICK_STEPS.filter((s): s is Exclude<QuickStep, 'start'> => s !== 'start');

type Lists = { destinations: readonly Destination[]; recipients: readonly Recipient[] };

function crumbValue(q: QuickDraft, lists: Lists, step: Exclude<QuickStep, 'start'>): CrumbValue {
  switch (step) {
    case 'destination':
      return { kind: 'name', name: lists.destinations.find((d) => d.id === q.destination)?.name ?? '' };
    case 'activity':
      return { kind: 'activity', activity: q.activity === DELIVERY_ID ? 'delivery' : 'pickup' };
    case 'who':
      return q.who === ANYONE_ID ? { kind: 'anyone' } : { kind: 'name', name: lists.recipients.find((r) => r.id === q.who)?.name ?? '' };
    case 'load':
      return { kind: 'load', ...loadCrumb(q) };
    case 'message':
      return { kind: 'text', text: messageCrumb(q.message) };
  }
}

/** The breadcrumb of draft `q`, names looked up in `lists` (the missions area's). Pure. */
export function quickCrumbs(q: QuickDraft, lists: Lists): Crumb[] {
  const shown = quickStep(q);
  return CRUMB_STEPS.map((step) => {
    const filled = quickFilled(q, step);
    const current = step === shown;
    return { step, current, enabled: filled || current, value: filled ? crumbValue(q, lists, step) : { kind: 'none' } };
  });
}
