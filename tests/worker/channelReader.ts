/**
 * A reader (worker/linePieces.ts) on the other end of a MessageChannel, for tests in Node: the index talks to it
 * as the browser's replay worker talks to its reader worker, messages cloned and arrays transferred.
 */
import type { ReaderPort } from '../../worker/lineFeeds';
import { serveReader, type ReaderMessage, type ReaderScope } from '../../worker/linePieces';

export function channelReader(): ReaderPort {
  const { port1, port2 } = new MessageChannel();
  serveReader(port2 as unknown as ReaderScope);
  const port: ReaderPort = {
    postMessage: (message) => port1.postMessage(message),
    get onmessage() {
      return port1.onmessage as ReaderPort['onmessage'];
    },
    set onmessage(listener) {
      port1.onmessage = listener as (event: MessageEvent) => void;
    },
    onerror: null,
    terminate: () => {
      port1.close();
      port2.close();
    },
  };
  return port;
}

/**
 * A `channelReader` whose term sketch's messages reach the index only once `held` resolves (never, for a promise
 * that never does: as if the sketch were still being built); every other message in order, as it comes.
 */
export function channelReaderHoldingSketch(held: Promise<void>): ReaderPort {
  const port = channelReader();
  let listener: ReaderPort['onmessage'] = null;
  let queue = Promise.resolve();
  port.onmessage = (event) => {
    const message = event.data as ReaderMessage;
    const sketch = 'blocks' in message || 'sketched' in message;
    queue = queue.then(async () => {
      if (sketch) await held;
      listener?.(event);
    });
  };
  return {
    postMessage: (m) => port.postMessage(m),
    get onmessage() {
      return listener;
    },
    set onmessage(l) {
      listener = l;
    },
    get onerror() {
      return port.onerror;
    },
    set onerror(l) {
      port.onerror = l;
    },
    terminate: () => port.terminate(),
  };
}
