/** The alerts area's state. */
export interface AlertItem {
  code: string;
  isSkip: boolean;
  isInResolution: boolean;
  /** When the robot raised it (the frame's time), shown on /diagnostic's list (issue 34). */
  since: number;
}

export interface AlertsState {
  errors: AlertItem[];
  warnings: AlertItem[];
  /**
   * Codes the operator acknowledged (Cancel, Continue, Manage, a charging mission): they stay quiet until the
   * robot resolves them, even when the list is rebuilt from a new connection's greeting (issue 34).
   */
  acknowledged: string[];
}

export function initialAlerts(): AlertsState {
  return { errors: [], warnings: [], acknowledged: [] };
}
