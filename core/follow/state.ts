/** The follow area's state. */
export interface FollowState {
  following: boolean;
  /**
   * Follow-me was started again after a pause (the paused panel, an edit's Save and continue) and the robot has
   * not yet said whether it sees the person: the screen says it is looking, not that it lost them (issue 34).
   */
  resuming: boolean;
}

export function initialFollow(): FollowState {
  return { following: false, resuming: false };
}
