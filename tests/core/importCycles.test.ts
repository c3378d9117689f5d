/**
 * core/ and ui/ have no import cycles, type imports included: a module that imports one that imports it back
 * runs against half-initialised exports, and a cycle, even of types erased at build, hides which way the
 * dependency goes (state types in files of their own, the call registry a root table nothing below it imports;
 * the replay page's shared types in ui/replay/replayTypes.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const CORE = resolve(ROOT, 'core');
const UI = resolve(ROOT, 'ui');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The file an import's path names: itself, or with `.ts` or `.tsx`, or its folder's index. */
function resolved(target: string): string {
  if (/\.tsx?$/.test(target)) return target;
  for (const candidate of [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')]) if (existsSync(candidate)) return candidate;
  return `${target}.ts`;
}

/** The modules `file` imports, `import type` and `export ... from` included. */
function imports(file: string, source: string): string[] {
  const out: string[] = [];
  const statement = /^(?:import|export)\s+(?:type\s+)?[^;]*?from\s+'(\.[^']+)'/gms;
  for (const m of source.matchAll(statement)) out.push(resolved(resolve(dirname(file), m[1]!)));
  return out;
}

/** Every cycle found by a depth-first walk, each as the list of modules around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('core and ui imports', () => {
  it('the cycle finder finds a cycle, and reads type-only imports as imports', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(imports('/x/a.ts', "import type { B } from './b';\nimport { c } from './c';\nexport type { D } from './d';")).toEqual(['/x/b.ts', '/x/c.ts', '/x/d.ts']);
  });

  it.each([
    ['core', CORE],
    ['ui', UI],
  ])('%s forms no cycle', (_name, dir) => {
    const graph = new Map<string, string[]>();
    for (const file of modules(dir)) graph.set(file, imports(file, readFileSync(file, 'utf8')));
    expect(graph.size).toBeGreaterThan(20);
    const named = cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' -> '));
    expect(named).toEqual([]);
  });

  it('finds a cycle of type imports between two components (.tsx)', () => {
    const a = join(UI, 'replay', 'EventList.tsx');
    const b = join(UI, 'replay', 'EventPayload.tsx');
    const graph = new Map([
      [a, imports(a, "import { EventPayload } from './EventPayload';")],
      [b, imports(b, "import type { EventRows } from './EventList';")],
    ]);
    expect(cycles(graph)).toEqual([[a, b, a]]);
  });
});
