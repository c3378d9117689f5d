/**
 * The main thread's copy of the core state. The worker pushes only the slices that changed; merging them
 * keeps the identity of untouched slices, so selectors re-render only what changed.
 */
import type { State } from '../../core/state';

export type Slices = Partial<State>;

export class MirrorStore {
  private state: State | null = null;
  /**
   * The state the page's markup was prerendered from (src/prerender.tsx), set while React hydrates it: the
   * hydrating render reads this one, so it matches the markup exactly, and React renders again at once with
   * the live state where that differs (the clock, or a push that came sooner).
   */
  hydratingFrom: State | null = null;
  private readonly listeners = new Set<() => void>();

  /** Merges a push. The first push carries the whole state. */
  apply = (changed: Slices): void => {
    this.state = this.state ? { ...this.state, ...changed } : (changed as State);
    for (const listener of this.listeners) listener();
  };

  /** Replaces the whole state (the replay page shows a replayed moment). */
  replace = (state: State): void => {
    this.state = state;
    for (const listener of this.listeners) listener();
  };

  getSnapshot = (): State | null => this.state;

  /** What a hydrating render reads (React calls it the server snapshot); the live state otherwise. */
  getServerSnapshot = (): State | null => this.hydratingFrom ?? this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
