/** The connection area's state. */
export interface ConnectionState {
  backend: boolean;
  robot: boolean;
  /** Result of the last /healthz poll: good on success, unknown otherwise. */
  health: 'good' | 'unknown';
  socket: 'idle' | 'connecting' | 'open' | 'closed';
  /**
   * The app has just started and has not yet heard that the back end and the robot are both reachable: for up to
   * the spec's 5 s debounce this is no synchronisation issue, so nothing says so (issue 42). Ends when both are
   * connected, or when the `connectionGrace` timer fires. Absent in a state from an older log: not starting.
   */
  starting?: boolean;
  /** The first robot disconnect after start is debounced; later ones are not. */
  firstRobotDisconnectSeen: boolean;
  retries: number;
  /** Power Off asked: 'asked', then 'off' once the robot went dark; 'failed' if the call was refused. */
  shutdown: 'idle' | 'asked' | 'off' | 'failed';
}

export function initialConnection(): ConnectionState {
  return { backend: false, robot: false, starting: true, health: 'unknown', socket: 'idle', firstRobotDisconnectSeen: false, retries: 0, shutdown: 'idle' };
}
