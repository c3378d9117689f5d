/** The batteries area: the charges and health robot/battery_state reports. */
import type { Area } from '../area';
import { onSlice } from '../turn';
import { batteryState } from './batteries';

export const batteriesArea = {
  frames: { 'robot/battery_state': onSlice('batteries', batteryState) },
} satisfies Area;
