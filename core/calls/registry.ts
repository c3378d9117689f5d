/**
 * How each call's answer is read (the schema of its `data`, the empty default a failed call resolves to, the
 * handlers), gathered from the areas (core/areas.ts). A root table: nothing the areas are made of imports it,
 * only the answer's reader (core/calls/answer.ts).
 */
import { gather, type CallTable } from '../area';
import { AREAS } from '../areas';

/** Each call's spec: a call no area answers is a compile error. */
export const CALLS = gather(AREAS, 'calls') satisfies CallTable;
