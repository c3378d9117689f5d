/** The robot's active alerts (error and warning codes) and the `robot/alert_update` deltas they produce. */

/** api.md robot/alert_update data. */
export interface AlertUpdate {
  activated_errors: string[];
  activated_warnings: string[];
  resolved_errors: string[];
  resolved_warnings: string[];
}

/** A request to change alerts; codes already in the wanted state are ignored. */
export interface AlertChange {
  activate?: { errors?: string[]; warnings?: string[] };
  resolve?: { errors?: string[]; warnings?: string[] };
}

/** Holds the active codes and reports real changes only. */
export class Alerts {
  readonly errors = new Set<string>();
  readonly warnings = new Set<string>();

  constructor(private emit: (u: AlertUpdate) => void) {}

  /** Applies a change; emits one robot/alert_update when something actually changed. Returns that delta. */
  change(c: AlertChange): AlertUpdate {
    const u: AlertUpdate = { activated_errors: [], activated_warnings: [], resolved_errors: [], resolved_warnings: [] };
    for (const code of c.activate?.errors ?? [])
      if (!this.errors.has(code)) {
        this.errors.add(code);
        u.activated_errors.push(code);
      }
    for (const code of c.activate?.warnings ?? [])
      if (!this.warnings.has(code)) {
        this.warnings.add(code);
        u.activated_warnings.push(code);
      }
    for (const code of c.resolve?.errors ?? []) if (this.errors.delete(code)) u.resolved_errors.push(code);
    for (const code of c.resolve?.warnings ?? []) if (this.warnings.delete(code)) u.resolved_warnings.push(code);
    if (u.activated_errors.length + u.activated_warnings.length + u.resolved_errors.length + u.resolved_warnings.length) this.emit(u);
    return u;
  }

  /** Every active code as "activated", for the greeting of a new connection. */
  snapshot(): AlertUpdate {
    return { activated_errors: [...this.errors], activated_warnings: [...this.warnings], resolved_errors: [], resolved_warnings: [] };
  }

  has(code: string): boolean {
    return this.errors.has(code) || this.warnings.has(code);
  }
}
