/** The cold-start baseline's worker: Comlink and one call. */
import * as Comlink from 'comlink';

const api = {
  async ping(): Promise<number> {
    return performance.now();
  },
};
export type BareApi = typeof api;

Comlink.expose(api);
