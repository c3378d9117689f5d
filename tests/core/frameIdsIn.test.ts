/**
 * A reader worker numbers frame lines as stretches of a piece's decoded text (`FrameIds.readIn`, worker/
 * linePieces.ts), slicing no line: held to `read` of each line, sliced and trimmed, the way it read them before.
 * Two tables fed the same lines in the same order must hand out the same numbers, times, key orders and news,
 * on tricky lines, white space `trim` takes off (ASCII and not), and a generated day's lines bent at random.
 */
import { describe, expect, it } from 'vitest';
import { FrameIds, UNDECIDED } from '../../core/log/frameTable';
import { generateRobotLog } from '../../bench/replay/robotLog';

const BATTERY = '{"event":"robot/battery_state","data":{"batteries":[{"charge":0.5,"health":0.9}]}}';

/** What each table made of a line: its number, and for a frame the time and key order it read. */
function outcome(ids: FrameIds, id: number): string {
  return id < 0 ? String(id) : `${id} ${ids.at} ${ids.typeFirst}`;
}

/** Feeds `lines` to a table by `read` of each trimmed line and to another as stretches of one text; compares. */
function expectSameNumbers(lines: readonly string[]): { decided: number } {
  const sliced = new FrameIds();
  const stretched = new FrameIds();
  const text = lines.join('\n') + '\n';
  let from = 0;
  let decided = 0;
  for (const line of lines) {
    const to = from + line.length;
    expect(text.slice(from, to)).toBe(line);
    const theirs = sliced.read(line.trim());
    let ours = stretched.readIn(text, from, to);
    if (ours === UNDECIDED) ours = stretched.read(text.slice(from, to).trim());
    else decided++;
    expect(outcome(stretched, ours), JSON.stringify(line)).toBe(outcome(sliced, theirs));
    expect(stretched.takeNews()).toEqual(sliced.takeNews());
    from = to + 1;
  }
  return { decided };
}

describe('frame numbers read in a stretch of text', () => {
  it.each([
    ['the kiosk recorder\'s key order', `{"type":"ws/message","at":1795305600441,"message":${BATTERY}}`],
    ['the robot recorder\'s key order', `{"at":1795305600441,"type":"ws/message","message":${BATTERY}}`],
    ['a carriage return (a log written on Windows)', `{"at":1795305600441,"type":"ws/message","message":${BATTERY}}\r`],
    ['tabs and spaces around it', `\t  {"at":1795305600441,"type":"ws/message","message":${BATTERY}} \t`],
    ['a no-break space before it', `\u00a0{"at":1795305600441,"type":"ws/message","message":${BATTERY}}`],
    ['a byte order mark before it', `\ufeff{"at":1795305600441,"type":"ws/message","message":${BATTERY}}`],
    ['a line separator after it', `{"at":1795305600441,"type":"ws/message","message":${BATTERY}}\u2028`],
    ['spaces, as the fixtures are written', `{"at": 1795305600441, "type": "ws/message", "message": ${BATTERY}}`],
    ['a leading zero in "at"', `{"at":0123,"type":"ws/message","message":${BATTERY}}`],
    ['an "at" past safe integers', `{"at":12345678901234567890,"type":"ws/message","message":${BATTERY}}`],
    ['"at" and nothing after it', '{"at":1795305600441'],
    ['the key order\'s prefix alone', '{"type":"ws/message","at":'],
    ['a cut line', `{"at":1,"type":"ws/message","message":${BATTERY.slice(0, 30)}`],
    ['a message that is not JSON', '{"at":1,"type":"ws/message","message":{nope}}'],
    ['an empty message', '{"at":1,"type":"ws/message","message":}'],
    ['garbage after the object', `{"at":1,"type":"ws/message","message":${BATTERY}}}`],
    ['a message too long to number', `{"at":1,"type":"ws/message","message":{"event":"x","data":"${'y'.repeat(1100)}"}}`],
    ['an empty line', ''],
    ['white space only', ' \t\r'],
  ])('agrees with the sliced line for %s', (_name, line) => {
    // Twice, and around a frame either side, so a repeat and the neighbours' text count too.
    const frame = `{"at":1795305600000,"type":"ws/message","message":${BATTERY}}`;
    expectSameNumbers([frame, line, line, frame]);
  });

  it('agrees on a generated day\'s lines, whole and bent at random, and decides nearly all of them itself', () => {
    const lines = generateRobotLog(20_000);
    const { decided } = expectSameNumbers(lines);
    // Frames are most of a robot's log: the stretch's own path was tested, not only the slices'.
    expect(decided).toBeGreaterThan(lines.length * 0.9);
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const bits = [' ', '\t', '\r', '\u00a0', '}', '{', '"', ',', ':', '0', '9', '.', 'e', '-', 'null', '\\'];
    const bent: string[] = [];
    for (let k = 0; k < 5_000; k++) {
      const line = lines[rand(lines.length)]!;
      const at = rand(line.length);
      bent.push(rand(2) === 0 ? line.slice(0, at) + line.slice(at + 1 + rand(3)) : line.slice(0, at) + bits[rand(bits.length)] + line.slice(at));
    }
    expectSameNumbers(bent);
  });
});
