/** The missions area's calls, by name (their handlers: core/missions/calls.ts). A leaf: it imports nothing. */
export type MissionCallName =
  | 'missionDefinitions'
  | 'destinations'
  | 'activities'
  | 'recipients'
  | 'currentMission'
  | 'quickDefinition'
  | 'pathDefinition'
  | 'missionControl'
  | 'activityStatus'
  | 'movementPose'
  | 'lastRuns'
  | 'runAgain'
  | 'failedCheck'
  | 'chargingMission'
  | 'chargingBase'
  | 'chargingDefinition';
