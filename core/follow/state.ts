/** The follow area's state. */
export interface FollowState {
  following: boolean;
}

export function initialFollow(): FollowState {
  return { following: false };
}
