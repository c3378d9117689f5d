/** The entities of api.md as the simulator stores and answers them. */

/** Shelf contents of one side: one array of item texts per shelf. */
export type LoadSide = string[][];

export interface Settings {
  language: 'en' | 'it' | null;
  country: 'AU' | 'EN' | 'IT' | 'CH' | null;
  robot_name: string | null;
  admin_name: string | null;
  accepted_terms_of_service: boolean | null;
  has_superadmin_pin: boolean;
  load_location_layout_left: 0 | 1 | 2 | null;
  load_location_layout_right: 0 | 1 | 2 | null;
}

export interface Destination {
  id: number;
  name: string;
  x: number;
  y: number;
  orientation: number;
  resolution: number;
  color: string;
  created_at: string;
}

export interface Recipient {
  id: number;
  name: string;
  destination_id: number;
}

export interface NoGoZone {
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ActivityDef {
  idx: number;
  activity_id: number;
  recipients: number[];
  load_location_left: LoadSide;
  load_location_right: LoadSide;
  message: string;
  message_read_required: boolean;
}

export interface StepDef {
  id: number;
  destination_id: number;
  activities: ActivityDef[];
}

export interface MissionDefinition {
  id: number;
  name: string;
  created_at: string;
  steps: StepDef[];
  /**
   * "charging": the one-tap charging mission (POST api/mission/charging), one step to Base with no activities.
   * Absent for the operator's own missions; the app lists only those among the saved missions.
   */
  kind?: 'charging';
}

/** Progress of one activity of the current mission (plus what the operator reported, kept for the record). */
export interface ActivityProgress {
  step: number;
  idx: number;
  status: 'pending' | 'completed' | 'uncompleted';
  performed_at?: string | null;
  message_read?: boolean;
  delivered?: unknown[];
  picked_up?: unknown[];
}

export interface CurrentMission {
  definition_id: number;
  status: 'running' | 'paused';
  step_index: number;
  activities: ActivityProgress[];
  started_at: string;
  distance: number;
}

export interface EndedMission {
  id: number;
  definition_id: number;
  started_at: string;
  ended_at: string;
  status: 'completed' | 'uncompleted';
  distance: number;
  steps: { destination_id: number; activities: { activity_id: number; performed_at: string | null; status: string }[] }[];
  /** An uncompleted mission's end (api.md): the robot failed it, or the operator stopped it. */
  outcome?: 'failed' | 'stopped';
  /** A failure's short human text (movement/failed's reason). */
  reason?: string;
}

/** The activity catalogue (api.md: fixed). */
export const ACTIVITIES = [
  { id: 1, name: 'delivery' },
  { id: 2, name: 'pickup' },
] as const;

/** ISO 8601 UTC without milliseconds, as api.md writes timestamps. */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
