/** The follow area: following a person while mapping. */
import type { Area } from '../area';
import { onSlice } from '../turn';
import { followFound, followLost } from './follow';

export const followArea = {
  frames: {
    'robot/userFollowed': onSlice('follow', followFound),
    'robot/lostFollowedUser': onSlice('follow', followLost),
  },
} satisfies Area;
