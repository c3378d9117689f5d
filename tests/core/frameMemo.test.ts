/**
 * The frame memo (core/log/frameMemo.ts) gives every line it reads the event `JSON.parse` gives, keys in the
 * same order, and leaves every other line to the whole parse: held to `parseLogLine` on tricky lines, on every
 * line of the generated day's first 20,000, and on those lines cut and bent at random.
 */
import { describe, expect, it } from 'vitest';
import { FrameMemo } from '../../core/log/frameMemo';
import { parseLogLine, readLog } from '../../core/log/eventLog';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { replayLog } from '../../core/log/replay';
import type { CoreEvent } from '../../core/events';

const BATTERY = '{"event":"robot/battery_state","data":{"batteries":[{"charge":0.5,"health":0.9}]}}';

/** What a reader makes of the line: the memo's event when it takes it, the whole parse's otherwise. */
function read(memo: FrameMemo, line: string): CoreEvent | string {
  return memo.read(line) ?? parseLogLine(line);
}

/** The same result, compared as JSON text so that the keys' order counts too. */
function expectSame(memo: FrameMemo, line: string): void {
  const ours = read(memo, line);
  const theirs = parseLogLine(line);
  expect(JSON.stringify(ours), line).toBe(JSON.stringify(theirs));
}

describe('frame memo', () => {
  it('reads both key orders the recorders write, sharing one frozen message between repeats', () => {
    const memo = new FrameMemo();
    const a = memo.read(`{"type":"ws/message","at":1795305600441,"message":${BATTERY}}`);
    const b = memo.read(`{"at":1795305600541,"type":"ws/message","message":${BATTERY}}`);
    expect(JSON.stringify(a)).toBe(`{"type":"ws/message","at":1795305600441,"message":${BATTERY}}`);
    expect(JSON.stringify(b)).toBe(`{"at":1795305600541,"type":"ws/message","message":${BATTERY}}`);
    expect(a!.message).toBe(b!.message);
    expect(Object.isFrozen(a!.message)).toBe(true);
    const batteries = (a!.message as { data: { batteries: object[] } }).data.batteries;
    expect(Object.isFrozen(batteries[0])).toBe(true);
  });

  it.each([
    ['spaces, as the fixtures are written', `{"at": 1795305600441, "type": "ws/message", "message": ${BATTERY}}`],
    ['a leading zero in "at" (not JSON)', `{"at":0123,"type":"ws/message","message":${BATTERY}}`],
    ['"at" zero', `{"at":0,"type":"ws/message","message":${BATTERY}}`],
    ['a fractional "at"', `{"at":1795305600441.5,"type":"ws/message","message":${BATTERY}}`],
    ['an exponent in "at"', `{"at":1e3,"type":"ws/message","message":${BATTERY}}`],
    ['a negative "at"', `{"at":-5,"type":"ws/message","message":${BATTERY}}`],
    ['an "at" past safe integers', `{"at":12345678901234567890,"type":"ws/message","message":${BATTERY}}`],
    ['a key after the message', `{"at":1,"type":"ws/message","message":${BATTERY},"x":2}`],
    ['a second "at" after the message', `{"at":1,"type":"ws/message","message":${BATTERY},"at":9}`],
    ['a second "type" after the message', `{"at":1,"type":"ws/message","message":${BATTERY},"type":"ui/tap"}`],
    ['a cut line', `{"at":1,"type":"ws/message","message":${BATTERY.slice(0, 30)}`],
    ['a message that is not JSON', '{"at":1,"type":"ws/message","message":{nope}}'],
    ['an empty message', '{"at":1,"type":"ws/message","message":}'],
    ['a message that is a number', '{"at":1,"type":"ws/message","message":42}'],
    ['a message that is null', '{"at":1,"type":"ws/message","message":null}'],
    ['another event type', '{"at":1,"type":"ws/opened"}'],
    ['a teleop frame', `{"at":1,"type":"teleop/message","message":${BATTERY}}`],
    ['garbage after the object', `{"at":1,"type":"ws/message","message":${BATTERY}}}`],
    ['an unclosed string in the message', '{"at":1,"type":"ws/message","message":"abc}'],
  ])('gives the whole parse\'s answer for %s', (_name, line) => {
    expectSame(new FrameMemo(), line);
  });

  it('agrees with the whole parse on a generated day\'s lines, whole and bent at random', () => {
    const lines = generateRobotLog(20_000);
    const memo = new FrameMemo();
    let taken = 0;
    for (const line of lines) {
      if (memo.read(line) !== null) taken++;
      expectSame(memo, line);
    }
    // Most of the generated lines are frames the memo takes, so the comparison above tested it.
    expect(taken).toBeGreaterThan(lines.length * 0.9);
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const bits = [' ', '}', '{', '"', ',', ':', '0', '.', 'e', '-', '[', ']', 'null', '\\'];
    for (let k = 0; k < 5_000; k++) {
      const line = lines[rand(lines.length)]!;
      const at = rand(line.length);
      const bent = rand(2) === 0 ? line.slice(0, at) + line.slice(at + 1 + rand(3)) : line.slice(0, at) + bits[rand(bits.length)] + line.slice(at);
      expectSame(memo, bent);
    }
  });

  it('keeps replays as they were: the same state with and without it', () => {
    const text = generateRobotLog(30_000).join('\n') + '\n';
    // Spaces after the colons keep every line off the memo's path: the whole parse alone.
    const spaced = text.replace(/^\{"at":/gm, '{"at": ');
    expect(replayLog(text).state).toEqual(replayLog(spaced).state);
    let shared = 0;
    const seen = new Set<unknown>();
    readLog(text, 512, (batch) => {
      for (const e of batch) if (e.type === 'ws/message') (seen.has(e.message) ? shared++ : seen.add(e.message));
    });
    expect(shared).toBeGreaterThan(10_000);
  });
});
