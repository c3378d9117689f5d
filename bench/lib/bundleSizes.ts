/** What the first screen of a built page loads, read from Vite's manifest: shared by the cold-start bench and the budget test. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first screen loads at most this much gzip of our scripts and styles (kB). */
export const MAIN_LIMIT_KB = 90;

interface Manifest {
  [key: string]: { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
}

/**
 * Gzip sizes in kB: what the first screen loads (scripts and styles: the chunks index.html loads, its module
 * script and its modulepreload links, with their static imports and stylesheets (an entry that imports a chunk
 * dynamically at start preloads it there); and the scripts and styles index.html carries inline, a
 * stylesheet inlined there counted once), the entry alone, and the worker chunk it starts.
 */
export function bundleSizes(outDir: string): { main: number; entry: number; worker: number } {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gz = (file: string) => gzipSync(readFileSync(join(outDir, file))).length / 1000;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error(`no entry in ${outDir}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entryKey);
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  // What index.html preloads: the entry's static imports, and any chunk it imports dynamically at once.
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)) {
    const key = keyOf.get(href!);
    if (key === undefined) throw new Error(`index.html preloads ${href}, which is not in the manifest`);
    visit(key);
  }
  const entryFile = manifest[entryKey]!.file;
  // What index.html carries inline (the app's boot script and first-screen styles, scripts/firstScreenHtml.ts).
  const counted = new Set([...files].map((f) => readFileSync(join(outDir, f), 'utf8')));
  const inline = [...html.matchAll(/<(script|style)(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!).filter((text) => text.trim() && !counted.has(text));
  const inlineKb = inline.reduce((sum, text) => sum + gzipSync(text).length / 1000, 0);
  const code = [...files].filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
  // The worker is not in the manifest; the entry names its chunk in `new Worker(new URL("/assets/…"))`.
  const workerFile = /new Worker\(new URL\(\s*[`'"]\/?([^`'"]+)[`'"]/.exec(code)?.[1];
  if (!workerFile) throw new Error(`no worker chunk found in ${outDir}`);
  return { main: [...files].reduce((sum, f) => sum + gz(f), 0) + inlineKb, entry: gz(entryFile), worker: gz(workerFile) };
}
