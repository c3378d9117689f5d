/**
 * What fresh memory costs on this machine: the first write to each 4 kB page of a new allocation (the kernel's
 * page fault, zeroing, and on a virtual machine whatever the host does to back the page) against a second write
 * to the same pages (no fault). On an ordinary machine the first write costs about a microsecond at most; on a
 * virtual machine whose host backs guest memory lazily it was 12 µs (bench/README.md at f0de46c, "A machine whose fresh
 * memory is dear"), and a cold page load is then dominated by it: every tile the compositor rasters for the
 * first time, the worker's new heap and the parser's zones are fresh pages. Printed beside the cold-start figures
 * so that runs on different machines are not compared as if they were the same.
 */
import type { Figure } from './report';
import { median } from './report';

const PAGE = 4096;
/** 64 MiB a repeat: large enough for an allocation of its own (a fresh mapping), small enough to take < 1 s. */
const BYTES = 64 << 20;
const REPEATS = 5;

/** Nanoseconds per page to write one byte into each page of `buffer`. */
function writeEachPage(buffer: Buffer, value: number): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < buffer.length; i += PAGE) buffer[i] = value;
  return Number(process.hrtime.bigint() - started) / (buffer.length / PAGE);
}

/** The median cost of a page's first write and of its second, in µs, over a few fresh allocations. */
export function measureFreshMemory(): { first: number; again: number } {
  const first: number[] = [];
  const again: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    // allocUnsafeSlow: not zero-filled and not from Node's pool, so its pages are untouched until written here.
    const buffer = Buffer.allocUnsafeSlow(BYTES);
    first.push(writeEachPage(buffer, 1) / 1000);
    again.push(writeEachPage(buffer, 2) / 1000);
  }
  return { first: median(first), again: median(again) };
}

/** The measurement as an information figure: a page's first write against its second. */
export function freshMemoryFigure(): Figure {
  const { first, again } = measureFreshMemory();
  return { name: 'fresh memory: a page first written (machine)', value: first, baseline: again, unit: 'µs', ratio: first / again, target: 'info', pass: null };
}
