/**
 * The term sketch is built after the log is indexed (worker/termSketching.ts), by the reader worker or on the
 * index's thread: a search asked before it is whole (or while it is being built) finds every match, reading
 * what is not sketched; once it is whole, a rare term reads again only the few stretches that may hold it. The
 * sketch is held back here until the test lets it go, so the searches surely come first.
 */
import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../core/log/search';
import { ReplaySession } from '../../worker/replaySession';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { channelReaderHoldingSketch } from './channelReader';
import { countRangeReads, oracle } from './searchOracle';

const ORIGIN = 'http://kiosk.local';

function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A day's robot log of 40,000 lines with a rare code in two of them, as text. */
function rareLog(): string {
  const alert = (at: number, code: string) =>
    JSON.stringify({ at, type: 'ws/message', message: { event: 'robot/alert_update', data: { activated_errors: [code], activated_warnings: [], resolved_errors: [], resolved_warnings: [] } } });
  const lines = generateRobotLog(40_000, 8);
  lines[5_000] = alert(Date.UTC(2026, 10, 22, 3), 'Caster_Jam_E4471');
  lines[30_000] = alert(Date.UTC(2026, 10, 22, 18), 'caster_jam_e4471 again');
  return lines.join('\n') + '\n';
}

/**
 * The log as a file whose second stream (the sketch's: the first is indexing's) gives nothing until `held`
 * opens; its reads by range are the real blob's (and counted).
 */
function heldSketchFile(real: Blob, held: Promise<void>): Blob {
  let streams = 0;
  const slice = (start = 0, end = real.size) => ({
    arrayBuffer: () => real.slice(start, end).arrayBuffer(),
    stream: () => {
      const inner = real.slice(start, end).stream().getReader();
      const mine = streams++;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (mine > 0) await held;
          const { done, value } = await inner.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
      });
    },
  });
  return { size: real.size, slice, stream: () => slice().stream() } as unknown as Blob;
}

describe('the term sketch, built once the log is indexed', () => {
  it.each([
    ['on its own thread', false],
    ['by the reader worker', true],
  ])('a search before it is whole finds every match; after, a rare term reads a few stretches again (sketched %s)', async (_how, byWorker) => {
    const text = rareLog();
    const real = new Blob([text]);
    const held = gate();
    const reads = countRangeReads();
    const session = byWorker ? new ReplaySession(() => channelReaderHoldingSketch(held.opened)) : new ReplaySession();
    const file = byWorker ? real : heldSketchFile(real, held.opened);
    const indexed = gate();
    const info = await session.open({ kind: 'file', file, name: 'held.jsonl' }, (p) => p.done && indexed.open(), ORIGIN);
    if ('error' in info) throw new Error(info.error);
    await indexed.opened;

    // Indexed, not sketched: the search reads the whole log again and finds what the oracle finds.
    const rare: SearchQuery = { text: 'CASTER_jam_e4471', kinds: [] };
    reads.bytes = 0;
    const before = await session.searchPage(rare, 0, 50);
    expect(before.matches).toEqual(oracle(text, rare));
    expect(before.matches).toHaveLength(2);
    expect(before.total).toBe(2);
    expect(reads.bytes).toBeGreaterThan(0.9 * real.size);

    // A search under way as the sketch comes in finds every match too (the sketch only learns more).
    const during: SearchQuery = { text: 'caster_jam', kinds: ['robot'] };
    const counting = session.searchCount(during, 50);
    held.open();
    expect(await counting).toEqual({ total: 2, pages: 1 });
    expect((await session.searchPage(during, 0, 50)).matches).toEqual(oracle(text, during));

    // Whole: a rare term reads again two checkpoint intervals (160 kB at most each) and perhaps a neighbour.
    await session.whenIndexed();
    reads.bytes = 0;
    const after = await session.searchPage({ text: 'Caster_Jam_E4471 AGAIN', kinds: [] }, 0, 50);
    expect(after.matches).toEqual(oracle(text, { text: 'Caster_Jam_E4471 AGAIN', kinds: [] }));
    expect(after.matches).toHaveLength(1);
    expect(reads.bytes).toBeGreaterThan(0);
    expect(reads.bytes).toBeLessThan(4 * 160 * 1024);
  });

  it('stops when another log is opened, and the reader worker it used is ended', async () => {
    const held = gate();
    const ended: boolean[] = [];
    const session = new ReplaySession(() => {
      const port = channelReaderHoldingSketch(held.opened);
      const index = ended.push(false) - 1;
      const terminate = port.terminate;
      port.terminate = () => {
        ended[index] = true;
        terminate();
      };
      return port;
    });
    const text = rareLog();
    const indexed = gate();
    const first = await session.open({ kind: 'text', text, name: 'a.jsonl' }, (p) => p.done && indexed.open(), ORIGIN);
    if ('error' in first) throw new Error(first.error);
    await indexed.opened;
    expect(ended[0]).toBe(false); // kept for the sketch
    const small = generateRobotLog(500, 3).join('\n') + '\n';
    const second = await session.open({ kind: 'text', text: small, name: 'b.jsonl' }, () => {}, ORIGIN);
    if ('error' in second) throw new Error(second.error);
    held.open();
    await session.whenIndexed();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended.every(Boolean)).toBe(true);
    const query: SearchQuery = { text: 'robot/battery', kinds: [] };
    expect((await session.searchPage(query, 0, 1000)).matches).toEqual(oracle(small, query));
  });
});
