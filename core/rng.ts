/**
 * A tiny deterministic PRNG (mulberry32). The shell stamps the seed on `shell/started`; the core draws from it,
 * so a replayed log makes the same "random" choices. Pure: returns the value and the next seed.
 */
export function draw(seed: number): { value: number; seed: number } {
  const next = (seed + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return { value, seed: next };
}

/**
 * A seeded stream of values in [0, 1) and a picker over it, for generators (tests, benchmarks) that want
 * reproducible randomness from the same PRNG. Deterministic for a given seed.
 */
export function seededRandom(seed: number): { rand: () => number; pick: <T>(xs: readonly T[]) => T } {
  let s = seed;
  const rand = () => {
    const r = draw(s);
    s = r.seed;
    return r.value;
  };
  return { rand, pick: <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T };
}
