/** Battery charges and health from robot/battery_state, and the icon and label rules. */
import type { WsData } from '../schemas/ws';
import type { State } from '../state';

/**
 * robot/battery_state: the slice after a frame, a new one, or the slice itself when the frame repeats the
 * charges and health already shown, so the slice (and a state nothing else changed) keeps its identity. A
 * robot sends this every second. Pure.
 */
export function batteryState(slice: State['batteries'], data: WsData<'robot/battery_state'>): State['batteries'] {
  const n = data.batteries.length;
  if (sameBatteries(slice, data.batteries)) return slice;
  const charges: (number | null)[] = new Array(n);
  const health: (number | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const b = data.batteries[i]!;
    charges[i] = b.charge ?? null;
    health[i] = b.health ?? null;
  }
  return { charges, health };
}

/** Whether a frame's batteries are the ones the slice holds. */
function sameBatteries(slice: State['batteries'], batteries: WsData<'robot/battery_state'>['batteries']): boolean {
  const { charges, health } = slice;
  if (charges.length !== batteries.length || health.length !== batteries.length) return false;
  for (let i = 0; i < batteries.length; i++) {
    const b = batteries[i]!;
    if (!Object.is(charges[i], b.charge ?? null) || !Object.is(health[i], b.health ?? null)) return false;
  }
  return true;
}

export type BatteryLevel = 'full' | 'higher' | 'high' | 'half' | 'low' | 'lower' | 'empty' | 'unknown';

/** The icon for a charge fraction (spec: battery icon levels). Pure. */
export function batteryLevel(charge: number | null | undefined): BatteryLevel {
  if (charge === null || charge === undefined || Number.isNaN(charge)) return 'unknown';
  const pct = charge * 100;
  if (pct >= 100) return 'full';
  if (pct >= 80) return 'higher';
  if (pct >= 60) return 'high';
  if (pct >= 40) return 'half';
  if (pct >= 20) return 'low';
  if (pct >= 10) return 'lower';
  return 'empty';
}

export type HealthLabel = 'high' | 'low' | 'critical' | 'unknown';

/** The health label: 80 and above high, 20 to below 80 low, below 20 critical. Pure. */
export function healthLabel(health: number | null | undefined): HealthLabel {
  if (health === null || health === undefined || Number.isNaN(health)) return 'unknown';
  const pct = health * 100;
  if (pct >= 80) return 'high';
  if (pct >= 20) return 'low';
  return 'critical';
}

/**
 * The robot is out of reach: the charges it last reported are no longer known, so the icons show the
 * specification's level for a missing charge until a fresh battery state arrives. Pure; the slice itself when
 * nothing is known already.
 */
export function batteriesUnknown(slice: State['batteries']): State['batteries'] {
  return slice.charges.every((c) => c === null) ? slice : { charges: slice.charges.map(() => null), health: slice.health };
}
