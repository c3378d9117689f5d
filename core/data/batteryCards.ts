/**
 * /diagnostic's battery cards (issue 34): they follow the live robot/battery_state, as the top bar does. The
 * page's own read of api/diagnostics/batteries only fills a battery the robot has not reported since the
 * kiosk started; a value the live state holds as unknown (the robot out of reach) shows as unknown rather than
 * as the stale read. Pure.
 */
import type { State } from '../state';

export interface BatteryCard {
  charge: number | null;
  health: number | null;
}

/** The cards, Main first: live values where the robot reported them, else the page's read. Pure. */
export function batteryCards(live: State['batteries'], read: readonly { health: number; charge: number }[]): BatteryCard[] {
  const count = Math.max(live.charges.length, read.length);
  const cards: BatteryCard[] = [];
  for (let i = 0; i < count; i++) {
    const reported = i < live.charges.length;
    cards.push({
      charge: reported ? (live.charges[i] ?? null) : (read[i]?.charge ?? null),
      health: reported ? (live.health[i] ?? null) : (read[i]?.health ?? null),
    });
  }
  return cards;
}
