/** Battery charges and health from robot/battery_state, and the icon and label rules. */
import type { WsData } from '../schemas/ws';
import type { State } from '../state';

type Batteries = WsData<'robot/battery_state'>['batteries'];

/**
 * robot/battery_state: the slice after a frame. A list the frame repeats is kept (the health of a robot's
 * batteries barely moves while the charges do), and the slice itself when the frame repeats both, so a state
 * nothing else changed keeps its identity. A robot sends this every second. Pure.
 */
export function batteryState(slice: State['batteries'], data: WsData<'robot/battery_state'>): State['batteries'] {
  const batteries = data.batteries;
  const charges = sameCharges(slice.charges, batteries) ? slice.charges : chargesOf(batteries);
  const health = sameHealth(slice.health, batteries) ? slice.health : healthOf(batteries);
  return charges === slice.charges && health === slice.health ? slice : { charges, health };
}

// Loops, not `map` with a callback: this runs for most of a log's lines.
function chargesOf(batteries: Batteries): (number | null)[] {
  const charges: (number | null)[] = new Array(batteries.length);
  for (let i = 0; i < batteries.length; i++) charges[i] = batteries[i]!.charge ?? null;
  return charges;
}

function healthOf(batteries: Batteries): (number | null)[] {
  const health: (number | null)[] = new Array(batteries.length);
  for (let i = 0; i < batteries.length; i++) health[i] = batteries[i]!.health ?? null;
  return health;
}

function sameCharges(charges: readonly (number | null)[], batteries: Batteries): boolean {
  if (charges.length !== batteries.length) return false;
  for (let i = 0; i < batteries.length; i++) if (!Object.is(charges[i], batteries[i]!.charge ?? null)) return false;
  return true;
}

function sameHealth(health: readonly (number | null)[], batteries: Batteries): boolean {
  if (health.length !== batteries.length) return false;
  for (let i = 0; i < batteries.length; i++) if (!Object.is(health[i], batteries[i]!.health ?? null)) return false;
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
