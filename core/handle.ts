/** Routes each event to its handler: the core's own (time, robot frames, call answers), or its area's. */
import type { CoreEvent } from './events';
import type { AreaEvent } from './area';
import { httpAnswered } from './calls/answer';
import { wsMessage } from './wsMessage';
import { onDraft, type Handler, type Turn } from './turn';
import { EVENTS } from './areas';

const HTTP_ANSWERED = onDraft(httpAnswered);

/**
 * The area events' handlers by type. A Map: an event's type comes from a log too, and a Map holds only these
 * names (`__proto__` and the like are unknown).
 */
const HANDLERS = new Map<string, Handler<AreaEvent>>(Object.entries(EVENTS) as [string, Handler<AreaEvent>][]);

/** Whether a handler takes events of this type (a log may hold any type). */
export function knownEvent(event: CoreEvent): boolean {
  const type: string = event.type;
  return type === 'tick' || type === 'ws/message' || type === 'http/response' || type === 'http/failed' || HANDLERS.has(type);
}

/** Hands an event to its handler; a type no table holds throws (`step` rejects those first: `knownEvent`). */
export function handleEvent(turn: Turn, event: CoreEvent): void {
  switch (event.type) {
    case 'tick':
      return;
    case 'ws/message':
      return wsMessage(turn, event);
    case 'http/response':
    case 'http/failed':
      return turn.apply(HTTP_ANSWERED, event);
    default: {
      const handler = HANDLERS.get(event.type);
      if (!handler) return assertNever(event as never);
      return turn.apply(handler, event);
    }
  }
}

export function assertNever(x: never): never {
  throw new Error(`unhandled: ${JSON.stringify(x)}`);
}
