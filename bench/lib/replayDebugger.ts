/**
 * The replay debugger's figures (issue 32), timed on the replay worker's own API (worker/debugApi.ts) through the
 * page's bench hook (`__kioskBench.replay.remote()`, src/bridge/useReplay.ts): the side panels that ask it
 * (ui/replay/SearchPanel.tsx, StatePanel.tsx, EventChangesPanel.tsx, ComparePanel.tsx) were being reworked when
 * this was written, so the figures are the worker's answers as the page receives them, not the panels' paint
 * (which adds a frame or two). Each call is made as the panel makes it.
 */
import type { Page } from 'playwright-core';

/** What the page's hook hands out: the worker's debugger calls, over Comlink. */
export interface DebugRemote {
  search(query: { text: string; kinds: string[] }, page: number, pageSize?: number): Promise<{ matches: unknown[]; total: number | null; counted: number }>;
  searchCount(query: { text: string; kinds: string[] }, pageSize?: number): Promise<{ total: number } | null>;
  stateAt(at: number): Promise<unknown>;
  eventChanges(at: number): Promise<unknown>;
  compare(a: number, b: number): Promise<unknown>;
  playback(intent: { type: 'momentChosen'; at: number }): Promise<unknown>;
  searchReady(): Promise<void>;
}
export type DebugHook = { replay?: { remote(): DebugRemote | null } };

export interface SearchTiming {
  /** From the query to its first page's answer, and what it held. */
  firstMs: number;
  firstMatches: number;
  /** From the query to the whole count. */
  countMs: number;
  total: number | null;
}

/**
 * A search as the Search panel runs it: page 0 (50 matches), then the count once that page answered. A new
 * query each time (`kinds` differs between calls, the worker keys a scan by both), so no scan is reused.
 */
export function timeSearch(page: Page, text: string, kinds: string[]): Promise<SearchTiming> {
  return page.evaluate(async ({ text, kinds }) => {
    const remote = (window as unknown as { __kioskBench: DebugHook }).__kioskBench.replay!.remote()!;
    const query = { text, kinds };
    const t0 = performance.now();
    const first = await remote.search(query, 0, 50);
    const firstMs = performance.now() - t0;
    const count = first.total === null ? await remote.searchCount(query, 50) : { total: first.total };
    return { firstMs, firstMatches: first.matches.length, countMs: performance.now() - t0, total: count?.total ?? null };
  }, { text, kinds });
}

export interface InspectTiming {
  seekMs: number;
  /** From the seek's answer (the moment on show, when a panel asks) to the panel's answer. */
  answerMs: number;
}

/** Seeks to `at` (as the timeline does), then asks the State panel's (`stateAt`) or "This event changed"'s question. */
export function timeAfterSeek(page: Page, at: number, ask: 'stateAt' | 'eventChanges'): Promise<InspectTiming> {
  return page.evaluate(async ({ at, ask }) => {
    const remote = (window as unknown as { __kioskBench: DebugHook }).__kioskBench.replay!.remote()!;
    const t0 = performance.now();
    await remote.playback({ type: 'momentChosen', at });
    const t1 = performance.now();
    await (ask === 'stateAt' ? remote.stateAt(at) : remote.eventChanges(at));
    return { seekMs: t1 - t0, answerMs: performance.now() - t1 };
  }, { at, ask });
}

/** The compare of moments `a` and `b`, timed from the ask to the answer; `paths`: how many paths differ. */
export function timeCompare(page: Page, a: number, b: number): Promise<{ ms: number; paths: number }> {
  return page.evaluate(async ({ a, b }) => {
    const remote = (window as unknown as { __kioskBench: DebugHook }).__kioskBench.replay!.remote()!;
    const t0 = performance.now();
    const result = (await remote.compare(a, b)) as { slices: { paths: unknown[] }[] };
    const ms = performance.now() - t0;
    let paths = 0;
    for (const slice of result.slices) paths += slice.paths.length;
    return { ms, paths };
  }, { a, b });
}

/**
 * The least any search of the whole log must do, in a bare worker: fetch the file's bytes, decode them and look
 * for `text` in their lower-case text, counting its occurrences (one a line here). The search's baseline.
 */
export function bareScan(page: Page, url: string, text: string): Promise<{ ms: number; found: number }> {
  return page.evaluate(async ({ url, text }) => {
    const source = `onmessage = async (e) => {
      const { url, needle } = e.data;
      const t0 = performance.now();
      const reader = (await fetch(url)).body.getReader();
      const decoder = new TextDecoder();
      let tail = '';
      let found = 0;
      for (;;) {
        const { done, value } = await reader.read();
        const lower = tail + (done ? decoder.decode() : decoder.decode(value, { stream: true })).toLowerCase();
        for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + needle.length)) found++;
        if (done) break;
        // A term cut between two reads is found in the next one.
        tail = lower.slice(Math.max(0, lower.length - needle.length + 1));
      }
      postMessage({ ms: performance.now() - t0, found });
    };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const result = await new Promise<{ ms: number; found: number }>((resolve) => {
      worker.onmessage = (e) => resolve(e.data as { ms: number; found: number });
      worker.postMessage({ url: new URL(url, location.href).href, needle: text.toLowerCase() });
    });
    worker.terminate();
    return result;
  }, { url, text });
}
