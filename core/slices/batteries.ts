/** Battery charges and health from robot/battery_state, and the icon and label rules. */
import type { DraftState } from '../context';
import type { WsData } from '../schemas/ws';

export function batteryState(d: DraftState, data: WsData<'robot/battery_state'>): void {
  d.batteries.charges = data.batteries.map((b) => b.charge ?? null);
  d.batteries.health = data.batteries.map((b) => b.health ?? null);
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
