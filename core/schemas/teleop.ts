/** Schemas of frames received on the teleoperation socket (api.md), built on their first use (once.ts). */
import * as z from 'zod/mini';
import { once } from './once';

export const teleopFrameSchema = once(() => {
  const mode = z.enum(['MANUAL', 'NORMAL']);
  return z.discriminatedUnion('op', [
  z.object({ op: z.literal('manual_mode'), payload: z.object({ actual_mode: z.object({ mode }) }) }),
  z.object({ op: z.literal('manual_mode_status'), payload: z.object({ actual_mode: z.object({ mode }) }) }),
  // Another session holds the robot in MANUAL: this app's move or mode change was not carried out (api.md).
  z.object({ op: z.literal('busy'), payload: z.optional(z.looseObject({})) }),
  z.object({
    op: z.literal('joints'),
    payload: z.object({
      name: z.array(z.string()),
      position: z.array(z.number()),
      velocity: z.array(z.number()),
    }),
  }),
  ]);
});
export type TeleopFrame = z.infer<ReturnType<typeof teleopFrameSchema>>;
