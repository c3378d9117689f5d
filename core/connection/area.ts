/** The connection area: the robot's and back end's reachability, the event socket, the health poll. */
import type { Area } from '../area';
import { onDraft, onSlice } from '../turn';
import { spec } from '../calls/spec';
import { anyObject } from '../schemas/answers';
import * as connection from './connection';

export const connectionArea = {
  frames: {
    'robot/connected': onSlice('connection', connection.robotConnected),
    'robot/disconnected': onSlice('connection', connection.robotDisconnected),
    'backend/connected': onSlice('connection', connection.backendConnected),
    'backend/disconnected': onSlice('connection', connection.backendDisconnected),
  },
  events: {
    'ws/opened': onSlice('connection', connection.socketOpened),
    'ws/closed': onSlice('connection', connection.socketClosed),
  },
  timers: {
    health: onDraft(connection.pollHealth),
    wsRetry: onSlice('connection', connection.retrySocket),
    robotDisconnect: onSlice('connection', connection.robotDisconnectDue),
    connectionGrace: onSlice('connection', connection.startGraceOver),
  },
  calls: {
    health: spec({
      schema: anyObject, // the handler itself decides good or unknown from `ok`
      empty: {},
      ok: (d, _ctx, data) => connection.healthAnswered(d, data),
      fail: connection.healthFailed,
    }),
  },
} satisfies Area;
