/** The kiosk's screen at the replayed moment: the real shell and pages over the replayed state, read-only. */
import * as Comlink from 'comlink';
import { useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { CoreProvider, useCore } from '../../src/bridge/CoreContext';
import { inertActions, type CoreActions } from '../../src/bridge/actions';
import type { ReplayApi } from '../../worker/replayApi';
import type { MirrorStore } from '../../src/bridge/mirrorStore';
import { useT } from '../../src/i18n';
import { Shell } from '../Shell';

/** `remote`: the replay worker, which sends the map picture of each moment (read-only, like the rest). */
export function ReplayedScreen({ store, pages, remote }: { store: MirrorStore; pages: ComponentType; remote: Comlink.Remote<ReplayApi> | null }) {
  const ready = useSyncExternalStore(store.subscribe, () => store.getSnapshot() !== null);
  const actions = useMemo<CoreActions>(
    () =>
      remote
        ? { ...inertActions, subscribeMap: (onImage, surfaces) => void remote.subscribeMap(Comlink.proxy(onImage), Comlink.transfer(surfaces, surfaces)) }
        : inertActions,
    [remote],
  );
  return (
    // A picture of the kiosk, scaled down: inert, so it takes no touches and no focus.
    <div className="replay-screen" inert>
      <div className="replay-screen-inner">
        {ready && (
          <CoreProvider store={store} actions={actions}>
            <Shell ownsDocument={false}>
              <ReplayedPages pages={pages} />
            </Shell>
          </CoreProvider>
        )}
      </div>
    </div>
  );
}

/** The replayed pages; a moment when the kiosk itself showed this page is said so, not nested again. */
function ReplayedPages({ pages: Pages }: { pages: ComponentType }) {
  const t = useT();
  const path = useCore((s) => s.route.path);
  return path.startsWith('/replay') ? <p className="replay-empty">{t('replay.selfShown')}</p> : <Pages />;
}
