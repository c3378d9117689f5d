/** The movement area: the robot's movement/* frames, the departure delay and countdown. */
import type { Area } from '../area';
import { onSlice } from '../turn';
import { countdownDue, movementProgress, movementReady, readyDue } from './movement';

export const movementArea = {
  frames: {
    'movement/ready': onSlice('movement', movementReady),
    'movement/started': onSlice('movement', movementProgress('movement/started')),
    'movement/arriving': onSlice('movement', movementProgress('movement/arriving')),
    'movement/completed': onSlice('movement', movementProgress('movement/completed')),
    'movement/failed': onSlice('movement', movementProgress('movement/failed')),
  },
  timers: {
    movementReady: onSlice('movement', readyDue),
    countdown: onSlice('movement', countdownDue),
  },
} satisfies Area;
