/**
 * core/ has no import cycles, type imports included: a module that imports one that imports it back runs
 * against half-initialised exports, and a cycle, even of types erased at build, hides which way the dependency
 * goes (state types in files of their own, the call registry a root table nothing below it imports).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = resolve(__dirname, '../../core');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The core modules `file` imports, `import type` and `export ... from` included. */
function imports(file: string, source: string): string[] {
  const out: string[] = [];
  const statement = /^(?:import|export)\s+(?:type\s+)?[^;]*?from\s+'(\.[^']+)'/gms;
  for (const m of source.matchAll(statement)) {
    const target = resolve(dirname(file), m[1]!);
    out.push(target.endsWith('.ts') ? target : `${target}.ts`);
  }
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

describe('core imports', () => {
  it('the cycle finder finds a cycle, and reads type-only imports as imports', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(imports('/x/a.ts', "import type { B } from './b';\nimport { c } from './c';\nexport type { D } from './d';")).toEqual(['/x/b.ts', '/x/c.ts', '/x/d.ts']);
  });

  it('form no cycle', () => {
    const graph = new Map<string, string[]>();
    for (const file of modules(CORE)) graph.set(file, imports(file, readFileSync(file, 'utf8')));
    const named = cycles(graph).map((c) => c.map((f) => relative(CORE, f)).join(' -> '));
    expect(named).toEqual([]);
  });
});
