/**
 * The speed paths of the replay benchmark keep behaviour: the cheap /ws frame checks never pass what zod
 * refuses, and folding a log text batch by batch (`replayLog`) ends where parsing it whole and replaying does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay, replayLog } from '../../core/log/replay';
import { checkFastPaths } from '../../bench/replay/checkFastPaths';
import { generateRobotLog } from '../../bench/replay/robotLog';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);

describe('fast paths', () => {
  it('wsFastChecks pass only data their zod schema accepts', () => {
    const [checked, passed] = checkFastPaths(2_000);
    expect(passed).toBeGreaterThan(checked / 10); // the samples do reach the fast path
  });

  it('replayLog gives the state, header and bad lines of parseLog + replay', () => {
    const texts = [
      readFileSync('tests/fixtures/robot-only.jsonl', 'utf8'),
      readFileSync('tests/fixtures/session.jsonl', 'utf8'),
      generateRobotLog(20_000).join('\n'),
    ];
    for (const text of texts) {
      const log = parseLog(text);
      const folded = replayLog(text);
      expect(folded.state).toEqual(replay(log.events));
      expect(folded.header).toEqual(log.header);
      expect(folded.bad).toEqual(log.bad);
      expect(folded.events).toBe(log.events.length);
      expect(replayLog(text, { until: T + 12_345 }).state).toEqual(replay(log.events, { until: T + 12_345 }));
    }
  });
});
