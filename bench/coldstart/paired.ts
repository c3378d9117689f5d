/**
 * Round-by-round comparison of two sides of bench:coldstart. The sides take turns within each round, so a busy
 * moment of the machine falls on both: the median of the per-round differences, and how many rounds one side
 * was the sooner, resolve a change of a few ms that the two medians alone, 5-10 ms apart from run to run, do not
 * (bench/README.md at f0de46c, "Cold start without a debugger").
 */
import { median } from '../lib/report';
import type { Times } from './coldLoad';

export interface Paired {
  /** Median over the rounds of `side - reference`, in ms (negative: the side was sooner). */
  medianDiff: number;
  /** Rounds in which the side was strictly sooner. */
  sooner: number;
  rounds: number;
}

/** `side` against `reference` for `mark`, over the rounds both have that mark in. */
export function pairedDiff(side: readonly Times[], reference: readonly Times[], mark: string): Paired {
  const diffs: number[] = [];
  for (let i = 0; i < Math.min(side.length, reference.length); i++) {
    const a = side[i]![mark];
    const b = reference[i]![mark];
    if (a !== undefined && b !== undefined) diffs.push(a - b);
  }
  return { medianDiff: median(diffs), sooner: diffs.filter((d) => d < 0).length, rounds: diffs.length };
}

/** One line: each mark's paired difference, e.g. `interactive -11.7 ms (sooner in 30 of 50)`. */
export function pairedLine(side: readonly Times[], reference: readonly Times[], marks: readonly [label: string, mark: string][]): string {
  return marks
    .map(([label, mark]) => {
      const p = pairedDiff(side, reference, mark);
      const sign = p.medianDiff > 0 ? '+' : '';
      return `${label} ${sign}${p.medianDiff.toFixed(1)} ms (sooner in ${p.sooner} of ${p.rounds})`;
    })
    .join(', ');
}
