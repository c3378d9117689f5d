/** The alerts area's state. */
export interface AlertItem {
  code: string;
  isSkip: boolean;
  isInResolution: boolean;
}

export interface AlertsState {
  errors: AlertItem[];
  warnings: AlertItem[];
}

export function initialAlerts(): AlertsState {
  return { errors: [], warnings: [] };
}
