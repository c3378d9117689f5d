/**
 * Replayed map taps hit-test as live: a log with map images and taps, stepped live with the worker's grids,
 * replays (`replay`, `seekIndex` both ways, `npm run replay -- --json`) to the same states.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import { parseLog, serialiseLog } from '../../core/log/eventLog';
import { imageHash, imageHolder, imageLineText, withImage } from '../../core/log/logImages';
import { replay, replayedView } from '../../core/log/replay';
import { SeekIndexBuilder, seekIndex, type SeekCursor } from '../../core/log/seek';
import { eventList, readLogLines } from '../../core/log/logEvents';
import { makeClip, startGrids, startState } from '../../core/log/clip';
import { bootedMap, mapImage, RecordingHarness } from './mapHelpers';

// 4 x 3 pixels at 0.5 m, origin (-1, -2). FIRST is free on the left and occupied on the right; SECOND the other
// way round, so a tap hit-tested on the wrong version (or not at all) shows.
const FIRST = mapImage(4, 3, (px) => (px < 2 ? 254 : 0));
const SECOND = mapImage(4, 3, (px) => (px < 2 ? 0 : 254));
const geometry = { origin: { x: -1, y: -2 }, resolution: 0.5, robot: { x: 0, y: 0, orientation: 0 } };
const LEFT = { px: 0.5, py: 1.5 };
const RIGHT = { px: 2.5, py: 1.5 };

/** One session on /map: the latest map, then a live update, then taps on both sides. */
function session(h: RecordingHarness, latest: string, update: string): void {
  bootedMap('/map', h);
  h.now += 100;
  h.answer('api/map/latest', { image: latest, ...geometry });
  const shown = h.state.map.version;
  expect(h.grids.grid(shown)).toBeDefined(); // the previous image, the opposite way round
  h.now += 100;
  h.ws('mapping/mapUpdate', { image: update, ...geometry });
  expect(h.state.map.version).toBe(shown + 1);
  // Right after the update (the same moment): the tap reads the new image.
  h.send({ type: 'ui/mapPressed', ...(update === SECOND ? LEFT : RIGHT) });
  expect(h.state.mapEdit.editor).toBeNull(); // occupied in the image on show: nothing happens
  h.now += 100;
  h.send({ type: 'ui/mapPressed', ...(update === SECOND ? RIGHT : LEFT) });
  expect(h.state.mapEdit.editor).not.toBeNull(); // free: the destination editor opens
  h.now += 100;
  h.send({ type: 'ui/destinationEdited', edit: { op: 'close' } });
  h.now += 100;
}

/** Two kiosk sessions (a restart between): the same map versions, opposite images. */
function liveLog(): RecordingHarness {
  const h = new RecordingHarness();
  session(h, SECOND, FIRST);
  h.now += 10_000;
  session(h, FIRST, SECOND);
  return h;
}

/** The log as the recorder writes it: each image once, on its side-section line; the events hold placeholders. */
function sideSectionLog(events: readonly CoreEvent[]): string {
  const images = new Map<string, string>();
  const logged = events.map((e) =>
    withImage(e, (image) => {
      const hash = imageHash(image as string);
      images.set(hash, image as string);
      return { $image: hash };
    }),
  );
  return serialiseLog({ app: 'test' }, logged, [...images].map(([hash, b64]) => imageLineText(hash, b64)));
}

describe('replayed map taps hit-test as live', () => {
  const h = liveLog();
  const events = h.log;
  const editorOpenings = h.states.filter((s, i) => s.mapEdit.editor !== null && h.states[i - 1]?.mapEdit.editor === null);

  it('the live log opens the editor twice, at the free pixel of the image on show', () => {
    expect(events.filter((e) => e.type === 'shell/started')).toHaveLength(2);
    // Both sessions show the same version when tapped, with opposite images.
    const version = editorOpenings[0]!.map.version;
    expect(editorOpenings.map((s) => [s.map.version, s.mapEdit.editor?.x, s.mapEdit.editor?.y])).toEqual([
      [version, -1 + 0.5 * 0.5, -2 + 1.5 * 0.5],
      [version, -1 + 2.5 * 0.5, -2 + 1.5 * 0.5],
    ]);
  });

  it('replay, whole and event by event, gives the live states', () => {
    expect(replay(events)).toEqual(h.state);
    const seen: State[] = [];
    replay(events, { onStep: (_before, after, e) => e.type !== 'tick' && seen.push(after) });
    expect(seen).toEqual(h.states);
  });

  it('seeking forward and backward, from any snapshot, gives the live state after each event', () => {
    // Built as the replay worker builds it from the logged text: the events it folds are lines read back,
    // their images put back from the side section.
    const text = sideSectionLog(events);
    for (const every of [2, 3, 7, 1_000]) {
      const builder = new SeekIndexBuilder(undefined, every);
      const index = builder.finish(readLogLines(text, 5, (batch) => builder.add(batch)).events);
      // Last event at each moment: the state a seek to that moment shows (before the closing tick's timers).
      const last = events.map((e, i) => (events[i + 1]?.at === e.at ? -1 : i)).filter((i) => i >= 0);
      let cursor: SeekCursor | null = null;
      for (const order of [last, [...last].reverse(), last.filter((_, k) => k % 2 === 0).concat(last.filter((_, k) => k % 2 === 1).reverse())]) {
        for (const i of order) {
          const at = events[i]!.at;
          const sought = seekIndex(index, at, cursor);
          cursor = sought.cursor;
          expect(sought.state).toEqual(replay(events, { until: at }));
          expect(sought.state.mapEdit.editor).toEqual(h.states[i]!.mapEdit.editor);
          expect(sought.state.map).toEqual(h.states[i]!.map);
        }
      }
    }
  });

  it('npm run replay -- FILE --json, from a log whose images are in its side section, prints the live state', () => {
    const text = sideSectionLog(events);
    // Each image once, on its side-section line; the events hold placeholders.
    for (const image of [FIRST, SECOND]) expect(text.split('\n').filter((line) => line.includes(image))).toHaveLength(1);
    expect(parseLog(text).events).toEqual(events);
    const file = join(mkdtempSync(join(tmpdir(), 'replay-map-')), 'taps.jsonl');
    writeFileSync(file, text);
    const cli = (...args: string[]) => execFileSync('node', ['--import', 'tsx', 'scripts/replay.ts', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const run = (...args: string[]) => JSON.parse(cli(file, '--json', ...args));
    expect(run()).toEqual(replayedView(h.state));
    // A clip written by the CLI from the second session's latest map (FIRST) replays to the same end.
    const clip = `${file}.clip.jsonl`;
    const second = events.map((e) => e.type).lastIndexOf('shell/started');
    const latest = events.findIndex((e, i) => i > second && imageHolder(e)?.image === FIRST);
    cli(file, '--from', String(events[latest]!.at), '--to', String(events[events.length - 1]!.at), '--out', clip);
    expect(parseLog(readFileSync(clip, 'utf8')).header?.snapshotMap).toMatchObject({ image: FIRST });
    expect(JSON.parse(cli(clip, '--json'))).toEqual(replayedView(h.state));
    const opened = h.states.findIndex((s) => s.mapEdit.editor !== null);
    const at = events[opened]!.at;
    const view = run('--at', String(at));
    expect(view.map.editor).toEqual(h.states[opened]!.mapEdit.editor);
    expect(view).toEqual(replayedView(replay(events, { until: at })));
  }, 30_000);

  it('a clip that starts with a map on show carries its image, and replays its taps alone as live', () => {
    // From just after the second session's update (the tap on the occupied side is in the clip) to the end.
    const updates = events.flatMap((e, i) => (e.type === 'ws/message' && (e.message as { event?: string }).event === 'mapping/mapUpdate' ? [i] : []));
    const from = events[updates[1]!]!.at; // the update's own moment: it is in the snapshot, its image in the header
    const to = events[events.length - 1]!.at;
    const clip = parseLog(makeClip(events, from, to));
    expect(clip.header?.snapshotMap).toEqual({ version: h.states[updates[1]!]!.map.version, image: SECOND });
    const start = startState(clip.header);
    if (typeof start === 'string') throw new Error(start);
    expect(clip.events.some((e) => e.type === 'ui/mapPressed')).toBe(true);
    expect(clip.events.some((e) => e.type === 'ws/message' && (e.message as { event?: string }).event === 'mapping/mapUpdate')).toBe(false);
    expect(replay(clip.events, { grids: startGrids(clip.header) }, start)).toEqual(h.state);
    // Without the header's image the free tap would find no grid: the clip would not replay to the same screens.
    expect(replay(clip.events, {}, start).mapEdit.editor).toBeNull();
    const opened = h.states.findIndex((s, i) => i > updates[1]! && s.mapEdit.editor !== null);
    const builder = new SeekIndexBuilder(start, 2, true, startGrids(clip.header));
    builder.add(clip.events);
    const index = builder.finish(eventList(clip.events));
    for (const i of [events.length - 1, opened, updates[1]! + 1, opened, events.length - 1]) {
      expect(seekIndex(index, events[i]!.at).state.mapEdit.editor).toEqual(h.states[i]!.mapEdit.editor);
    }
  });
});
