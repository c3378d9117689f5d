/**
 * Shared output of the benchmarks: a table (figure, value, baseline, ratio, target, PASS/FAIL), a JSON file in
 * bench/results/, and the exit code. Every figure is a ratio against a baseline measured in the same run, so
 * a slow or busy machine moves both sides alike.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Figure {
  /** What was measured, e.g. "replay throughput". */
  name: string;
  /** The measured value (median of the repeats), in `unit`. */
  value: number;
  /** The baseline's value measured in the same run, in `unit`; null for a figure with a fixed target. */
  baseline: number | null;
  unit: string;
  /** value / baseline (or value itself when there is no baseline). */
  ratio: number;
  /** Human-readable target, e.g. ">= 0.333". */
  target: string;
  /** Whether the target holds; null for a figure reported for information only. */
  pass: boolean | null;
  /** The individual repeats, for judging noise. */
  samples?: number[];
}

/** The median of a list (mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** The p-th percentile (0..100) by nearest rank. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[rank] as number;
}

function fmt(x: number | null): string {
  if (x === null || Number.isNaN(x)) return '-';
  const a = Math.abs(x);
  if (a >= 1e6) return `${(x / 1e6).toFixed(2)}M`;
  if (a >= 1e4) return `${(x / 1e3).toFixed(1)}k`;
  if (a >= 100) return x.toFixed(0);
  if (a >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

/** Prints the table, writes bench/results/<name>.json, and sets a non-zero exit code when a target is missed. */
export function report(bench: string, figures: Figure[], extra: Record<string, unknown> = {}): boolean {
  const rows = figures.map((f) => [
    f.name,
    `${fmt(f.value)} ${f.unit}`,
    f.baseline === null ? '-' : `${fmt(f.baseline)} ${f.unit}`,
    fmt(f.ratio),
    f.target,
    f.pass === null ? 'info' : f.pass ? 'PASS' : 'FAIL',
  ]);
  const head = ['figure', 'value', 'baseline', 'ratio', 'target', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  console.log(`\n${bench}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  const ok = figures.every((f) => f.pass !== false);
  console.log(ok ? '\nall targets met' : '\nTARGET MISSED');

  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${bench}.json`);
  writeFileSync(file, JSON.stringify({ bench, at: new Date().toISOString(), ok, figures, ...extra }, null, 2) + '\n');
  console.log(`results: ${file}`);
  if (!ok) process.exitCode = 1;
  return ok;
}
