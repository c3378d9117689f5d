/** The batteries area's state: what robot/battery_state reported last (null where a value is unknown). */
export interface BatteriesState {
  charges: (number | null)[];
  health: (number | null)[];
}

export function initialBatteries(): BatteriesState {
  return { charges: [], health: [] };
}
