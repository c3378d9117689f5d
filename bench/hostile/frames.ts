/**
 * The hostile `/ws` frames of `bench:hostile`: deep nesting, huge arrays and wrong types, in turn. Sizes are
 * what a careless or hostile sender can produce cheaply; before the frame limits (core/frameLimits.ts) each
 * deep or huge one cost the worker milliseconds to parse and reject.
 */

/** About 10 to 30 kB each: 10,000 of them (two thirds this size) are some 130 MB through the socket. */
const DEPTH = 5_000;
const ITEMS = 11_000;
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH / 2) + '1' + '}'.repeat(DEPTH / 2);
const FRAMES = [
  `{"event":"robot/alert_update","data":${deepArray}}`,
  `{"event":"robot/battery_state","data":{"batteries":[${'1,'.repeat(ITEMS)}{"charge":2}]}}`,
  `{"event":"movement/ready","data":${deepObject}}`,
  `{"event":"robot/alert_update","data":{"activated_errors":[${'"",'.repeat(ITEMS)}7],"activated_warnings":[],"resolved_errors":[],"resolved_warnings":[]}}`,
];
const WRONG = [
  '{"event":"robot/battery_state","data":{"batteries":"full"}}',
  '{"event":42,"data":{}}',
  '{"event":"movement/started","data":{"mission_definition_id":"one","step_index":-1}}',
  '[1,2,3]',
  '{"event":"robot/battery_state","data":{"batteries":[{"charge":',
];

/** The i-th hostile frame: every third one a small wrong-type frame, the others deep or huge. */
export function hostileFrame(i: number): string {
  if (i % 3 === 2) return WRONG[i % WRONG.length]!;
  return FRAMES[i % FRAMES.length]!;
}
