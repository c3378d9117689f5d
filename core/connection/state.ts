/** The connection area's state. */
export interface ConnectionState {
  backend: boolean;
  robot: boolean;
  /** Result of the last /healthz poll: good on success, unknown otherwise. */
  health: 'good' | 'unknown';
  socket: 'idle' | 'connecting' | 'open' | 'closed';
  /** The first robot disconnect after start is debounced; later ones are not. */
  firstRobotDisconnectSeen: boolean;
  retries: number;
  /** Power Off asked: 'asked', then 'off' once the robot went dark; 'failed' if the call was refused. */
  shutdown: 'idle' | 'asked' | 'off' | 'failed';
}

export function initialConnection(): ConnectionState {
  return { backend: false, robot: false, health: 'unknown', socket: 'idle', firstRobotDisconnectSeen: false, retries: 0, shutdown: 'idle' };
}
