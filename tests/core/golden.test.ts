/**
 * Behaviour did not change: the logs of tests/core/golden/logs.ts (the generated day of the replay benchmark,
 * every fixture, random robot frames from states the day never reaches) replay to the states and effects
 * recorded in tests/core/golden/*.json.gz before the core was restructured (issue 15). A failure names the
 * first place that differs. Re-record only for a deliberate change of behaviour (scripts/recordGoldens.ts).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GOLDEN_LOGS, asJson, record, type Golden } from './golden/logs';

function load(name: string): Golden {
  return JSON.parse(gunzipSync(readFileSync(`tests/core/golden/${name}.json.gz`)).toString('utf8')) as Golden;
}

describe('golden replays', () => {
  for (const log of GOLDEN_LOGS) {
    it(`${log.name}: the same states and effects as recorded`, () => {
      const want = load(log.name);
      const got = asJson(record(log)) as Golden;
      expect(got.events).toBe(want.events);
      expect(got.states.length).toBe(want.states.length);
      // The first differing place first, so a failure shows one state rather than a thousand.
      for (let k = 0; k < want.states.length; k++) expect(got.states[k], `state #${k}`).toEqual(want.states[k]);
      if (want.effects) {
        expect(got.effects?.length).toBe(want.effects.length);
        for (let i = 0; i < want.effects.length; i++) expect(got.effects![i], `effects of event ${i}`).toEqual(want.effects[i]);
      }
      if (want.digests) {
        const first = want.digests.findIndex((d, k) => got.digests?.[k] !== d);
        expect(first, `effects digest of events ${first * want.every}..${(first + 1) * want.every - 1}`).toBe(-1);
        expect(got.digests?.length).toBe(want.digests.length);
      }
      expect(got.unchanged).toEqual(want.unchanged);
    }, 120_000);
  }
});
