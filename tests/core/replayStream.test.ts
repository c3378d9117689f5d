/**
 * `npm run replay` streams the file (scripts/logFile.ts, scripts/replayFile.ts): a log written to disk in
 * pieces replays to the same states, timeline, clips and MCAP as the whole-text path (parse every line, then
 * `replay` / `makeClip`), at sampled moments; and the byte splitter the streams use finds every line at its
 * offset, whatever the characters.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import type { SearchMatch, SearchQuery } from '../../core/log/search';
import { wholeSearch } from './wholeSearch';
import { replay, replayedView } from '../../core/log/replay';
import { makeClip, startGrids, startState } from '../../core/log/clip';
import { describeChanges, formatEntry } from '../../core/log/timeline';
import { imageHash, imageLineText } from '../../core/log/logImages';
import type { State } from '../../core/state';
import { seededRandom } from '../../core/rng';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { openLogFile, type LogFile } from '../../scripts/logFile';
import { clipFile, foldFile, mcapFile, timelineOfFile, viewsAt } from '../../scripts/replayFile';
import { findInFile } from '../../scripts/replayFind';
import { LineSplitter } from '../../worker/lineSplitter';

const dir = mkdtempSync(join(tmpdir(), 'replay-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two generated days end to end, a map image moved to the side section, and a line with characters of several bytes. */
function generatedLog(): string {
  const lines = [...generateRobotLog(6_000, 3), ...generateRobotLog(6_000, 4, { day: 1, header: false })];
  const map = lines.findIndex((l) => l.includes('mapping/mapUpdate'));
  const event = JSON.parse(lines[map]!) as { message: { data: { image: string } } };
  const image = event.message.data.image;
  event.message.data.image = { $image: imageHash(image) } as unknown as string;
  lines.splice(map, 1, imageLineText(imageHash(image), image), JSON.stringify(event));
  lines.splice(100, 0, JSON.stringify({ at: JSON.parse(lines[99]!).at as number, type: 'ws/message', message: { event: 'robot/diagnostics', data: { note: 'Düsseldorf ✓ 🤖' } } }));
  return lines.join('\n') + '\n';
}

/** Writes `text` to a file in pieces of random sizes (a recorder appending), so lines and characters split anywhere. */
function writeInPieces(name: string, text: string, seed: number): string {
  const path = join(dir, name);
  writeFileSync(path, '');
  const bytes = Buffer.from(text, 'utf8');
  const { rand } = seededRandom(seed);
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(rand() * 70_000);
    appendFileSync(path, bytes.subarray(at, at + size));
    at += size;
  }
  return path;
}

async function open(path: string, withLines = false): Promise<LogFile> {
  const log = await openLogFile(path, undefined, withLines);
  if (typeof log === 'string') throw new Error(log);
  return log;
}

/** Today's whole-text path: every event parsed, then folded from the log's start. */
function wholeState(text: string, until?: number): State {
  const { header, events } = parseLog(text);
  const start = startState(header, events[0]);
  if (typeof start === 'string') throw new Error(start);
  return replay(events, { ...(until === undefined ? {} : { until }), grids: startGrids(header) }, start);
}

describe('npm run replay streams the log', { timeout: 60_000 }, () => {
  const text = generatedLog();
  const path = writeInPieces('days.jsonl', text, 11);
  const { events } = parseLog(text);

  it('folds to the same state as the whole text, at sampled moments and at the end', async () => {
    expect(readFileSync(path, 'utf8')).toBe(text);
    const { rand } = seededRandom(5);
    const first = events[0]!.at;
    const last = events.at(-1)!.at;
    const moments = [first - 1, first, ...Array.from({ length: 6 }, () => Math.round(first + rand() * (last - first))), last, undefined];
    for (const at of moments) {
      const folded = await foldFile(await open(path), at);
      if (typeof folded === 'string') throw new Error(folded);
      expect(folded.state).toEqual(wholeState(text, at));
      expect(replayedView(folded.state)).toEqual(replayedView(wholeState(text, at)));
    }
  });

  it('prints the same timeline as the event-by-event fold of the whole text', async () => {
    const until = events[Math.floor(events.length * 0.7)]!.at;
    const streamed: string[] = [];
    const folded = await timelineOfFile(await open(path), until, (e) => streamed.push(formatEntry(e)));
    if (typeof folded === 'string') throw new Error(folded);
    const whole: string[] = [];
    const { header } = parseLog(text);
    const start = startState(header, events[0]) as State;
    const state = replay(events, { until, grids: startGrids(header), onStep: (a, b, e) => whole.push(...describeChanges(a, b, e).map(formatEntry)) }, start);
    expect(streamed.length).toBeGreaterThan(100);
    expect(streamed).toEqual(whole);
    expect(folded.state).toEqual(state);
  });

  it('cuts the same clip as makeClip, and writes an MCAP that reads back, chunk by chunk, to the same states', async () => {
    const from = events[3_000]!.at;
    const to = events[9_000]!.at;
    const out = join(dir, 'clip.jsonl');
    expect(await clipFile(await open(path), { from, to }, out, { clipOf: 'days.jsonl' })).toBeGreaterThan(5_000);
    const { header } = parseLog(text);
    const start = startState(header, events[0]) as State;
    const { format: _f, version: _v, ...meta } = header!;
    expect(readFileSync(out, 'utf8')).toBe(makeClip(events, from, to, start, { ...meta, clipOf: 'days.jsonl' }, startGrids(header)));

    const mcap = join(dir, 'days.mcap');
    expect(await mcapFile(await open(path), mcap)).toBe(events.length);
    const back = await open(mcap);
    expect(back.kind).toBe('mcap');
    const folded = await foldFile(back, to);
    if (typeof folded === 'string') throw new Error(folded);
    expect(folded.state).toEqual(wholeState(text, to));
  });

  it('finds what a search of the whole text finds, line by line: the same events, places and summaries', async () => {
    // The whole text's lines by the reader's own offsets (characters here, bytes in the stream), each event read
    // from its line with no image put back, as the replay page reads a line again (worker/replaySearch.ts).
    const whole = (query: SearchQuery): SearchMatch[] => wholeSearch(text, query);
    const streamed = async (file: string, query: SearchQuery) => {
      const found: SearchMatch[] = [];
      const log = await open(file, true);
      const result = await findInFile(log, query, (m) => found.push(m));
      expect(result).toEqual({ found: found.length, events: events.length });
      return found;
    };
    const queries: SearchQuery[] = [
      { text: 'BATTERY_STATE', kinds: [] },
      { text: 'düSSELDORF', kinds: [] },
      { text: '', kinds: ['rejected'] },
      { text: 'mapping/mapUpdate', kinds: ['robot'] },
      { text: 'connected', kinds: ['operator', 'call'] },
    ];
    const counts: number[] = [];
    for (const query of queries) {
      const found = await streamed(path, query);
      expect(found).toEqual(whole(query));
      counts.push(found.length);
    }
    expect(counts[0]).toBeGreaterThan(5_000);
    expect(counts[1]).toBe(1);
    expect(counts[2]).toBeGreaterThan(50);
    expect(counts[4]).toBe(0);
    expect((await streamed(path, { text: '', kinds: [] })).map((m) => m.index)).toEqual(events.map((_, i) => i));
    // The map image moved to the side section is named by its hash, as the page's summary names it.
    const maps = await streamed(path, { text: 'mapping/mapUpdate', kinds: [] });
    expect(maps.filter((m) => m.summary.includes('$image'))).toHaveLength(1);

    // An MCAP's events are read as their JSON lines, as the page reads an MCAP: the same events found.
    const mcap = join(dir, 'find.mcap');
    await mcapFile(await open(path), mcap);
    const fromMcap = await streamed(mcap, queries[0]!);
    expect(fromMcap).toEqual(whole(queries[0]!));
  });

  it('the views at two moments, in one pass, are those of a fold to each, in the order asked', async () => {
    const { rand } = seededRandom(9);
    const first = events[0]!.at;
    const last = events.at(-1)!.at;
    const some = () => Math.round(first + rand() * (last - first));
    const pairs: [number, number][] = [
      [some(), some()],
      [some(), some()],
      [last + 5_000, first - 1],
      [events[700]!.at, events[700]!.at],
      // The same moment as the last event of a batch (512 a batch) and the first of the next.
      [events[511]!.at, events[512]!.at],
    ];
    for (const [a, b] of pairs) {
      const read = await viewsAt(await open(path), [a, b]);
      if (typeof read === 'string') throw new Error(read);
      expect(read.views).toEqual([replayedView(wholeState(text, a)), replayedView(wholeState(text, b))]);
    }
  });

  it('says when the log ends in the middle of a line, and replays the lines before it', async () => {
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, text.slice(0, text.lastIndexOf('\n', text.length - 2) + 30));
    const log = await open(cut);
    const folded = await foldFile(log);
    if (typeof folded === 'string') throw new Error(folded);
    expect(log.cutOff()).toBe(true);
    expect(folded.events).toBe(events.length - 1);
  });

  it('a robot-only log starts where the kiosk starts: the boot route, the clock at its first event', async () => {
    const folded = await foldFile(await open('tests/fixtures/robot-only.jsonl'), 1795339800000);
    if (typeof folded === 'string') throw new Error(folded);
    expect(folded.state.route.path).toBe('/disclaimer');
    expect(folded.state.clock.now).toBe(1795339800000);
  });
});

describe('LineSplitter', () => {
  it('hands over every line with its byte offsets, split anywhere, characters of several bytes included', () => {
    const text = 'ab\n{"x":"é✓🤖"}\n\nlast é';
    const bytes = Buffer.from(text, 'utf8');
    for (let size = 1; size <= bytes.length; size++) {
      const lines: [string, number, number][] = [];
      const splitter = new LineSplitter((line, start, end) => lines.push([line, start, end]));
      for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.subarray(at, at + size));
      splitter.end();
      expect(lines.map((l) => l[0])).toEqual(text.split('\n'));
      for (const [line, start, end] of lines) expect(bytes.subarray(start, end).toString('utf8').replace(/\n$/, '')).toBe(line);
    }
  });

  it('keeps its own copy of an unfinished line: the caller may reuse its Node Buffer for the next read', () => {
    const text = 'first line\n{"a":1}\n{"b":"é✓"}\nlast';
    const bytes = Buffer.from(text, 'utf8');
    for (let size = 1; size <= bytes.length; size++) {
      const lines: string[] = [];
      const splitter = new LineSplitter((line) => lines.push(line));
      const reused = Buffer.alloc(size);
      for (let at = 0; at < bytes.length; at += size) {
        const n = bytes.copy(reused, 0, at, at + size);
        splitter.push(reused.subarray(0, n));
        reused.fill(0x21); // what the next read would overwrite it with
      }
      splitter.end();
      expect(lines).toEqual(text.split('\n'));
    }
  });
});
