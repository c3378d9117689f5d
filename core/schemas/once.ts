/**
 * A value built on its first use. The core's zod schemas are built so: building them all took about half of the
 * core's module evaluation (4 ms of 7-8 in Node, 8-40 ms in a cold worker at load 2.6-3.9, bench/README.md at f0de46c "worker
 * ready"), before the worker's first push, and none is needed until the first frame or answer arrives. Pure.
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | null = null;
  return () => (built ??= { value: build() }).value;
}
