/**
 * A replay session in its own worker, for the replay page: load a log, seek, play. The replayed states go
 * into a separate mirror store, so the real UI can render them beside the live app.
 */
import * as Comlink from 'comlink';
import { useEffect, useMemo, useState } from 'react';
import type { ReplayInfo } from '../../worker/api';
import { connectWorker, type WorkerHandle } from './connectWorker';
import { MirrorStore } from './mirrorStore';

export interface ReplayControls {
  store: MirrorStore;
  info: ReplayInfo | null;
  load(text: string): Promise<void>;
  seek(at: number): void;
  play(speed: number): void;
  pause(): void;
}

export function useReplay(): ReplayControls {
  const store = useMemo(() => new MirrorStore(), []);
  const [handle, setHandle] = useState<WorkerHandle | null>(null);
  const [info, setInfo] = useState<ReplayInfo | null>(null);

  useEffect(() => {
    const h = connectWorker();
    void h.remote.subscribe(Comlink.proxy(store.apply));
    setHandle(h);
    return () => h.dispose();
  }, [store]);

  return {
    store,
    info,
    load: async (text) => {
      if (!handle) return;
      setInfo(await handle.remote.loadLog(text));
    },
    seek: (at) => void handle?.remote.seek(at),
    play: (speed) => void handle?.remote.play(speed),
    pause: () => void handle?.remote.pause(),
  };
}
