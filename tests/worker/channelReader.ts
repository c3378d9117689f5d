/**
 * A reader (worker/linePieces.ts) on the other end of a MessageChannel, for tests in Node: the index talks to it
 * as the browser's replay worker talks to its reader worker, messages cloned and arrays transferred.
 */
import type { ReaderPort } from '../../worker/lineFeeds';
import { serveReader, type ReaderScope } from '../../worker/linePieces';

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
