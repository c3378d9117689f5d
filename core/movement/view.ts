/**
 * The movement screen's view (spec 2.4): the names it shows, looked up from the definition the movement runs,
 * and what it offers. Pure. The words for 'Anyone in the area' and the Base arrive translated, as the missions
 * list's `anyone` does (core/missions/views.ts), so the core holds no locale.
 */
import type { State } from '../state';
import { ANYONE_ID, DELIVERY_ID, currentActivity, isCharging, movementDefinition } from '../missions/views';
import { infoStepIndex } from '../missions/infoStep';
import { movementPathId, showsLiveMovement } from '../missions/rowStatus';
import { canPause } from '../missions/pause';

type Source = Pick<State, 'movement' | 'missions' | 'route'>;

/** The translated words the names fall back on. */
export interface MovementWords {
  /** 'Anyone in the area': recipient id 1, or an activity sent with no recipients. */
  anyone: string;
  /** Where the robot goes after its last step. */
  base: string;
}

/** Everything on the movement screen that is worked out, not read: all primitives, so a shallow compare holds. */
export interface MovementView {
  /** Opened from its row, a mission that is not the robot's current one: its id (its preview shows). */
  previewId: number | null;
  /** The combined load is in flight. */
  loading: boolean;
  missionName: string;
  /** What the page and the stop dialog call the mission: its name, else the destination it heads to. */
  title: string;
  /** DIRECTION and TO of the info panel: the step the headline names. */
  direction: string;
  to: string;
  /** Whether the info panel shows: a known definition (empty DIRECTION and TO would say nothing). */
  showsInfo: boolean;
  /** The current activity as the texts name it: activity id 1 is a delivery, any other a pickup (spec 3). */
  activity: 'delivery' | 'pickup';
  /** Waiting for instructions: where the next step goes and to whom (the Base after the last). */
  nextDestination: string;
  nextRecipients: string;
  /** The departure's countdown as minutes and two-digit seconds. */
  countdownMinutes: number;
  countdownSeconds: string;
  /** During the departure the whole page is one button that stops it. */
  tapToStop: boolean;
  /** The Pause control shows (issue 18). */
  pausable: boolean;
  /** A charging mission (issue 34): no recipient, and at Base the page says it is charging. */
  charging: boolean;
  /** At Base on a charging mission: the charging panel shows instead of a task. */
  chargingAtBase: boolean;
}

/** Recipient names joined; none (a path step sent with recipients 0) is for anyone in the area. Pure. */
export function recipientNames(s: Pick<State, 'missions'>, ids: readonly number[], anyone: string): string {
  if (ids.length === 0) return anyone;
  return ids.map((id) => (id === ANYONE_ID ? anyone : (s.missions.recipients.find((r) => r.id === id)?.name ?? `#${id}`))).join(', ');
}

/** A destination's name, '' when unknown. Pure. */
export const destinationName = (s: Pick<State, 'missions'>, id: number | undefined): string => s.missions.destinations.find((d) => d.id === id)?.name ?? '';

/** The movement screen's view of `s`. Pure. */
export function movementView(s: Source, words: MovementWords): MovementView {
  const m = s.movement;
  const def = movementDefinition(s);
  const cur = currentActivity(s);
  const step = def?.steps[m.stepIndex];
  const next = def?.steps[m.stepIndex + 1];
  // DIRECTION and TO describe the step the headline names (core/missions/infoStep.ts).
  const shown = infoStepIndex(s) === m.stepIndex ? step : next;
  const shownActivity = shown === step ? (cur?.activity ?? step?.activities[0]) : shown?.activities[0];
  const missionName = def?.name ?? '';
  const direction = destinationName(s, shown?.destination_id);
  const loading = s.missions.status === 'pending';
  const pathId = movementPathId(s.route.path);
  const charging = isCharging(def);
  return {
    previewId: !showsLiveMovement(s) && pathId !== null && !loading ? pathId : null,
    loading,
    missionName,
    title: missionName || direction,
    direction,
    to: recipientNames(s, shownActivity?.recipients ?? [], words.anyone),
    showsInfo: m.missionId !== null && direction !== '',
    activity: cur?.activity.activity_id === DELIVERY_ID ? 'delivery' : 'pickup',
    nextDestination: next ? destinationName(s, next.destination_id) : words.base,
    nextRecipients: next ? recipientNames(s, next.activities[0]?.recipients ?? [], words.anyone) : words.anyone,
    countdownMinutes: Math.floor(m.timerSeconds / 60),
    countdownSeconds: String(m.timerSeconds % 60).padStart(2, '0'),
    tapToStop: m.state === 'departing' && m.pause === 'none',
    pausable: canPause(s),
    charging,
    // A charging step has no activity: arrived, the robot stands at Base and charges.
    chargingAtBase: charging && m.state === 'inActivity',
  };
}

/** A mission's waiting state, opened from its row: its first step's destination and recipients. */
export interface MissionPreviewView {
  known: boolean;
  missionName: string;
  destination: string;
  recipients: string;
}

/** The preview of definition `id` (spec 2.4 "My next destination will be ..."). Pure. */
export function missionPreviewView(s: Pick<State, 'missions'>, id: number, anyone: string): MissionPreviewView {
  const def = s.missions.definitions.find((x) => x.id === id);
  const step = def?.steps[0];
  return {
    known: def !== undefined,
    missionName: def?.name ?? '',
    destination: destinationName(s, step?.destination_id),
    recipients: recipientNames(s, step?.activities[0]?.recipients ?? [], anyone),
  };
}
