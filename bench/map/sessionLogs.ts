/** bench:map's last figure: the event log of a mapping session, with the recorder's image side store and without. */
import { Recorder } from '../../worker/recorder';
import { serialiseLog } from '../../core/log/eventLog';
import type { CoreEvent } from '../../core/events';
import { mappingSession } from './maps';

/** The session's length in seconds: ten minutes. */
export const SESSION_S = 600;

/** Log sizes (characters) of a mapping session with the side store and with every image inline. */
export function sessionLogs(): { withStore: number; inline: number; updates: number; distinct: number } {
  const frames = mappingSession(SESSION_S);
  const t0 = Date.UTC(2026, 10, 22, 9, 0, 0);
  const events: CoreEvent[] = frames.map((data, i) => ({ type: 'ws/message', at: t0 + i * 1000, message: { event: 'mapping/mapUpdate', data } }));
  const recorder = new Recorder();
  for (const e of events) recorder.record(e);
  const meta = { app: 'bench', dropped: 0, complete: true };
  return {
    withStore: recorder.export({ app: 'bench' }).length,
    inline: serialiseLog(meta, events).length,
    updates: frames.length,
    distinct: new Set(frames.map((f) => f.image)).size,
  };
}
