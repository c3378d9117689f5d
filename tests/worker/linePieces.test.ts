/**
 * Lines read by a reader worker (worker/linePieces.ts) reach the index's `LogReader` as the same events, bad
 * lines, header and sections as lines read on the index's own thread; the reader stays at most `AHEAD` pieces
 * ahead, and the index keeps a bounded table of messages. Asked after, the reader sketches the log's terms
 * (worker/termSketching.ts) as one push of the bytes would.
 */
import { describe, expect, it } from 'vitest';
import { LogReader, type BadLine, type LogSummary } from '../../core/log/eventLog';
import { FrameMessages } from '../../core/log/frameTable';
import { MEMO_ENTRIES } from '../../core/log/frameLine';
import type { CoreEvent } from '../../core/events';
import { LineSplitter } from '../../worker/lineSplitter';
import { AHEAD, PIECE_BYTES, feedPiece, readPieces, serveReader, type LinePiece, type ReaderMessage, type ReaderScope } from '../../worker/linePieces';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { SKETCH_WORDS } from '../../core/log/termSketch';
import { TermSketchBuilder } from '../../core/log/termSketchBuilder';

const BATTERY = '{"event":"robot/battery_state","data":{"batteries":[{"charge":0.5,"health":0.9}]}}';

/** A log with every kind of line a reader meets. */
function trickyLog(): string {
  const image = 'iVBORw0KGgo=';
  return [
    '{"format": "kiosk-event-log", "version": 1, "recordedAt": "2026-11-22T10:00:00.000Z"}',
    `{"type":"ws/message","at":1795339800000,"message":${BATTERY}}`,
    `{"at":1795339800100,"type":"ws/message","message":${BATTERY}}`,
    `{"at": 1795339800200, "type": "ws/message", "message": ${BATTERY}}`,
    '',
    '   ',
    `{"at":1795339800300,"type":"ws/message","message":${BATTERY}}\r`,
    `\t {"at":1795339800310,"type":"ws/message","message":${BATTERY}} `,
    `\u00a0{"at":1795339800320,"type":"ws/message","message":${BATTERY}}`,
    '{"at":1795339800400,"type":"ws/message","message":{nope}}',
    'not json at all',
    '{"at":1795339800500,"type":"ws/message","message":{"event":"robot/diagnostics","data":{"name":"Motore è caldo"}}}',
    `{"section":"image","hash":"h1","base64":"${image}"}`,
    '{"at":1795339800600,"type":"ws/message","message":{"event":"mapping/mapUpdate","data":{"image":{"$image":"h1"},"origin":{"x":0,"y":0},"resolution":0.05,"robot":{"x":0,"y":0,"orientation":0}}}}',
    '{"section":"notes","text":"kept aside"}',
    '{"at":1795339800700,"type":"ui/tap","x":1,"y":2}',
    `{"at":01795339800800,"type":"ws/message","message":${BATTERY}}`,
    ...generateRobotLog(8_000, 11, { header: false }),
    `{"at":1795339900000,"type":"ws/message","message":${BATTERY.slice(0, 40)}`, // cut off: no newline after it
  ].join('\n');
}

interface Read {
  events: CoreEvent[];
  starts: number[];
  ends: number[];
  bad: BadLine[];
  sections: unknown[];
  summary: LogSummary;
}

function newReader(out: Omit<Read, 'summary'>): LogReader {
  return new LogReader(
    500,
    (batch, _offset, starts, ends) => {
      out.events.push(...batch);
      out.starts.push(...starts);
      out.ends.push(...ends);
    },
    (section) => out.sections.push(section),
    undefined,
    (bad) => out.bad.push(bad),
  );
}

/** The lines read on this thread, as worker/lineFeeds.ts's `threadFeed` reads them. */
function readHere(bytes: Uint8Array): Read {
  const out = { events: [], starts: [], ends: [], bad: [], sections: [] };
  const reader = newReader(out);
  const splitter = new LineSplitter((line, start, end) => reader.readLine(line, start, end));
  for (let at = 0; at < bytes.byteLength; at += 7_000) splitter.push(bytes.subarray(at, at + 7_000));
  splitter.end();
  return { ...out, summary: reader.end(splitter.position) };
}

/** The lines read by the reader, as pieces. */
async function readByPieces(bytes: Uint8Array<ArrayBuffer>): Promise<Read & { pieces: number }> {
  const out = { events: [], starts: [], ends: [], bad: [], sections: [] };
  const reader = newReader(out);
  const messages = new FrameMessages();
  let position = 0;
  let pieces = 0;
  await readPieces(
    { blob: new Blob([bytes]) },
    (piece) => {
      pieces += 1;
      feedPiece(piece, reader, messages);
      position = piece.position;
    },
    async () => {},
  );
  return { ...out, summary: reader.end(position), pieces };
}

/** The reader's term sketch of `blob`, asked for as the index asks once the log is indexed, in the order sent. */
async function sketchByReader(blob: Blob): Promise<{ words: number[]; messages: number }> {
  const { port1, port2 } = new MessageChannel();
  serveReader(port2 as unknown as ReaderScope);
  const words: number[] = [];
  let messages = 0;
  await new Promise<void>((resolve, reject) => {
    port1.onmessage = (event) => {
      const message = event.data as ReaderMessage;
      if ('blocks' in message) {
        messages += 1;
        expect(message.blocks.first * SKETCH_WORDS).toBe(words.length);
        words.push(...message.blocks.words);
      } else if ('sketched' in message) resolve();
      else reject(new Error(JSON.stringify(message)));
    };
    port1.postMessage({ sketch: { blob }, blockBytes: SKETCH_BLOCK });
  });
  port1.close();
  return { words, messages };
}

/** The term sketch's words for `bytes` read in one push (core/log/termSketch.ts), with small blocks so a log has several. */
const SKETCH_BLOCK = 4096;
function sketchWhole(bytes: Uint8Array): number[] {
  const builder = new TermSketchBuilder(SKETCH_BLOCK);
  builder.push(bytes);
  return [...builder.take(true).words];
}

/** A log whose header comes late (after a bad line and a blank), and a header-like line after its first event. */
function lateHeaderLog(): string {
  return [
    'garbage first',
    '',
    '{"format":"kiosk-event-log","version":1}',
    `{"at":1795339800000,"type":"ws/message","message":${BATTERY}}`,
    '{"format":"kiosk-event-log","version":1}',
    ...generateRobotLog(500, 12, { header: false }),
  ].join('\n');
}

/** A robot's log with no header at all, starting with frames. */
function headerlessLog(): string {
  return generateRobotLog(800, 13, { header: false }).join('\n') + '\n';
}

describe('lines read in pieces by a reader', () => {
  it.each([
    ['a late header', lateHeaderLog],
    ['no header', headerlessLog],
  ])('read a log with %s as the index reads it', async (_name, log) => {
    const bytes = new TextEncoder().encode(log());
    const here = readHere(bytes);
    const pieces = await readByPieces(bytes);
    expect(JSON.stringify(pieces.events)).toBe(JSON.stringify(here.events));
    expect(pieces.bad).toEqual(here.bad);
    expect(pieces.summary).toEqual(here.summary);
    expect(here.events.length).toBeGreaterThan(400);
  });

  it('find the late header, and not one after the first event', () => {
    const here = readHere(new TextEncoder().encode(lateHeaderLog()));
    expect(here.summary.header).toMatchObject({ format: 'kiosk-event-log' });
    expect(here.bad.slice(0, 2)).toEqual([
      { line: 1, reason: 'not JSON' },
      { line: 5, reason: 'no event type' },
    ]);
  });

  it('give the index the events, byte ranges, bad lines, header and sections it reads itself', async () => {
    const bytes = new TextEncoder().encode(trickyLog());
    const here = readHere(bytes);
    const pieces = await readByPieces(bytes);
    expect(pieces.pieces).toBeGreaterThan(3);
    // Compared as JSON text, so the keys' order counts too.
    expect(JSON.stringify(pieces.events)).toBe(JSON.stringify(here.events));
    expect(pieces.starts).toEqual(here.starts);
    expect(pieces.ends).toEqual(here.ends);
    expect(pieces.bad).toEqual(here.bad);
    expect(pieces.sections).toEqual(here.sections);
    expect(pieces.summary).toEqual(here.summary);
    // What the log holds: the checks above compared something.
    expect(here.summary.header).toMatchObject({ format: 'kiosk-event-log' });
    expect(here.bad.slice(0, 3)).toEqual([10, 11, 17].map((line) => ({ line, reason: 'not JSON' })));
    expect(here.sections).toEqual([{ section: 'notes', text: 'kept aside' }]);
    const map = here.events.find((e) => e.type === 'ws/message' && (e.message as { event?: string }).event === 'mapping/mapUpdate');
    expect(JSON.stringify(map)).toContain('iVBORw0KGgo=');
    expect(here.events.length).toBeGreaterThan(2_900);
  });

  it('sketch the terms when asked, block for block as one push of the bytes, however the blob hands them over', async () => {
    const bytes = new TextEncoder().encode(trickyLog() + '\n' + generateRobotLog(40_000, 14, { header: false }).join('\n'));
    // Parts of odd sizes, so a stream's chunks end inside blocks, lines and characters of several bytes.
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let at = 0; at < bytes.length; at += 777_777) parts.push(bytes.slice(at, at + 777_777));
    const sketch = await sketchByReader(new Blob(parts));
    expect(sketch.words).toEqual(sketchWhole(bytes));
    expect(sketch.words.length / SKETCH_WORDS).toBe(Math.ceil(bytes.length / SKETCH_BLOCK));
    // Handed over in a few messages (every 4 MB and the end), not one per block.
    expect(bytes.length).toBeGreaterThan(5e6);
    expect(sketch.messages).toBeGreaterThan(1);
    expect(sketch.messages).toBeLessThan(bytes.length / SKETCH_BLOCK / 10);
  });

  it('keep the index\'s table of messages bounded over a long log', async () => {
    const bytes = new TextEncoder().encode(generateRobotLog(150_000, 5).join('\n') + '\n');
    const messages = new FrameMessages();
    const reader = new LogReader(2_000, () => {});
    let largest = 0;
    await readPieces(
      { blob: new Blob([bytes]) },
      (piece) => {
        feedPiece(piece, reader, messages);
        largest = Math.max(largest, (messages as unknown as { byId: Map<number, unknown> }).byId.size);
      },
      async () => {},
    );
    // Two generations, and the numbers a piece brought before the older one is forgotten.
    expect(largest).toBeGreaterThan(MEMO_ENTRIES);
    expect(largest).toBeLessThan(3 * MEMO_ENTRIES);
  });

  it('stay at most AHEAD pieces ahead of the index, and end after the last', async () => {
    const bytes = new TextEncoder().encode(generateRobotLog(40_000, 6).join('\n') + '\n');
    expect(bytes.length / PIECE_BYTES).toBeGreaterThan(AHEAD + 3);
    const { port1, port2 } = new MessageChannel();
    serveReader(port2 as unknown as ReaderScope);
    const got: ReaderMessage[] = [];
    port1.onmessage = (event) => got.push(event.data as ReaderMessage);
    port1.postMessage({ read: { blob: new Blob([bytes]) } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing taken yet: the reader waits with AHEAD pieces sent.
    expect(got).toHaveLength(AHEAD);
    // The index tells of several pieces taken in one message: as many more come, and no more.
    const taken = got.splice(0, 3);
    port1.postMessage({ took: 3 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got).toHaveLength(AHEAD);
    got.unshift(...taken);
    const messages = new FrameMessages();
    let events = 0;
    const counting = new LogReader(2_000, (batch) => (events += batch.length));
    while (!got.some((m) => 'done' in m)) {
      const message = got.shift();
      if (message && 'piece' in message) {
        feedPiece(message.piece as LinePiece, counting, messages);
        port1.postMessage({ took: 1 });
      } else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const message of got) if ('piece' in message) feedPiece(message.piece, counting, messages);
    counting.end();
    expect(events).toBe(readHere(bytes).events.length);
    port1.close();
  });

  it('says why when the bytes cannot be read', async () => {
    const { port1, port2 } = new MessageChannel();
    serveReader(port2 as unknown as ReaderScope);
    const got = new Promise<ReaderMessage>((resolve) => (port1.onmessage = (event) => resolve(event.data as ReaderMessage)));
    port1.postMessage({ read: { url: 'http://127.0.0.1:9/log.jsonl' } });
    expect(await got).toMatchObject({ error: expect.stringMatching(/fetch failed/) });
    port1.close();
    // And when the bytes to sketch cannot be read.
    const sketching = new MessageChannel();
    serveReader(sketching.port2 as unknown as ReaderScope);
    const answer = new Promise<ReaderMessage>((resolve) => (sketching.port1.onmessage = (event) => resolve(event.data as ReaderMessage)));
    sketching.port1.postMessage({ sketch: { url: 'http://127.0.0.1:9/log.jsonl' }, blockBytes: SKETCH_BLOCK });
    expect(await answer).toMatchObject({ error: expect.stringMatching(/fetch failed/) });
    sketching.port1.close();
  });
});
