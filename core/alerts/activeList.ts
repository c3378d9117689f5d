/**
 * /diagnostic's list of the robot's active errors and warnings (issue 34: 'Manage' on a warning opened a page
 * that listed none): errors first, then warnings, each newest first, acknowledged or not, since the list is
 * what the robot reports, not what the overlay asks about. Apart from alerts.ts, so the first screen's
 * selectors do not carry it. Pure.
 */
import type { AlertsState } from './state';

export interface ActiveAlert {
  code: string;
  kind: 'error' | 'warning';
  /** When it came (ms since the epoch). */
  since: number;
  /** Being resolved (a lost robot shown where it is). */
  inResolution: boolean;
}

/** The active alerts as the page lists them. Pure. */
export function activeAlerts(alerts: AlertsState): ActiveAlert[] {
  const rows = (items: AlertsState['errors'], kind: ActiveAlert['kind']) =>
    items.map((item) => ({ code: item.code, kind, since: item.since, inResolution: item.isInResolution })).sort((a, b) => b.since - a.since);
  return [...rows(alerts.errors, 'error'), ...rows(alerts.warnings, 'warning')];
}

/** The codes the app knows by name; any other is shown as the robot wrote it. */
export const KNOWN_ALERT_CODES = ['node_lost', 'battery_1_low', 'battery_2_low'] as const;

export function isKnownAlertCode(code: string): code is (typeof KNOWN_ALERT_CODES)[number] {
  return (KNOWN_ALERT_CODES as readonly string[]).includes(code);
}
