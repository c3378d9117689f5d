/**
 * The replay page's bridge (src/bridge/useReplay.ts) against a fake replay worker that starts slowly: a log
 * picked before the worker has answered must still open. This was the replay page's flake: in a fresh page
 * about one pick in nine came while the worker module was still loading, and was dropped without a word.
 */
import type * as Comlink from 'comlink';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useReplay, type ReplayWorker } from '../../src/bridge/useReplay';
import type { ReplayApi, ReplayInfo, ReplaySource } from '../../worker/replayApi';
import { PlaybackDriver } from '../../worker/replayPlayback';

const INFO: ReplayInfo = { name: 'day.jsonl', events: 3, first: 1_000, last: 3_000, bad: 0, clip: null, size: 26, indexing: false, indexedTo: null, fraction: 1, failure: null };

/** A replay worker whose `subscribe` answers only when the test says: a worker still loading its module. */
function slowWorker() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const opened: ReplaySource[] = [];
  const sought: number[] = [];
  let closed = 0;
  // The worker's own playback, its moments shown by a fake fold that records them.
  const playback = new PlaybackDriver({
    now: () => 0,
    show: async (at) => {
      sought.push(at);
      return { nextEventAt: null };
    },
    setTimer: () => null,
    clearTimer: () => {},
  });
  const api: Partial<ReplayApi> = {
    subscribe: () => answered,
    subscribePlayback: async (onChange) => playback.subscribe(onChange),
    open: (source, onProgress, _onMarkers, at) =>
      playback.open(at, onProgress, async (indexed) => {
        opened.push(source);
        indexed({ fraction: 1, events: 3, bad: 0, indexedTo: 3_000, last: 3_000, done: true, failure: null });
        return INFO;
      }),
    playback: (intent) => playback.intent(intent),
  };
  const start = (): ReplayWorker => ({ remote: api as Comlink.Remote<ReplayApi>, close: () => void (closed += 1) });
  return { start, answer, opened, sought, closed: () => closed };
}

const picked = (name: string): ReplaySource => ({ kind: 'text', text: '{"type":"tick","at":1000}\n', name });

describe('replay page bridge: opening while the worker starts', () => {
  it('opens a log picked before the worker answered, once it answers, and shows its first moment', async () => {
    const worker = slowWorker();
    const { result } = renderHook(() => useReplay(undefined, worker.start));
    let opening: Promise<void> = Promise.resolve();
    act(() => {
      opening = result.current.open(picked('day.jsonl'));
    });
    // The pick took: the progress bar shows while the worker starts, and nothing reached it yet.
    expect(result.current.progress).toBe(0);
    expect(worker.opened).toEqual([]);
    await act(async () => {
      worker.answer();
      await opening;
    });
    expect(worker.opened.map((s) => (s as { name: string }).name)).toEqual(['day.jsonl']);
    expect(result.current.info).toEqual(INFO);
    expect(result.current.progress).toBeNull();
    await waitFor(() => expect(worker.sought).toEqual([1_000]));
    expect(result.current.position).toBe(1_000);
  });

  it('opens only the latest of several picks made while the worker starts', async () => {
    const worker = slowWorker();
    const { result } = renderHook(() => useReplay(undefined, worker.start));
    const opens: Promise<void>[] = [];
    act(() => {
      opens.push(result.current.open(picked('first.jsonl')));
      opens.push(result.current.open(picked('second.jsonl'), 2_000));
    });
    await act(async () => {
      worker.answer();
      await Promise.all(opens);
    });
    expect(worker.opened.map((s) => (s as { name: string }).name)).toEqual(['second.jsonl']);
    await waitFor(() => expect(worker.sought).toEqual([2_000]));
  });

  it('opens a linked log when the worker answers, and ends the worker with the page', async () => {
    const worker = slowWorker();
    const { result, unmount } = renderHook(() => useReplay((open) => void open({ kind: 'url', url: '/logs/day.jsonl' }), worker.start));
    expect(worker.opened).toEqual([]);
    await act(async () => worker.answer());
    await waitFor(() => expect(result.current.info).toEqual(INFO));
    expect(worker.opened).toEqual([{ kind: 'url', url: '/logs/day.jsonl' }]);
    unmount();
    expect(worker.closed()).toBe(1);
  });
});
