/**
 * Serves the built app from `dist/`: real files with their content type, index.html for every other path. A
 * single byte range (`Range: bytes=A-B`, `A-`, `-N`) is answered with 206, so the replay page reads a log
 * placed here by ranges, as it would from any web server.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { appPolicy } from './headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

const MISSING = `<!doctype html><meta charset="utf-8"><title>App not built</title>
<p>The robot simulator is running, but the app is not built. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>`;

/** What the server tells the page it serves (in index.html's head, read by src/earlyWorker.ts). */
export interface PageFacts {
  /** The port of this server's teleoperation socket (issue 42: `--teleop-port`, the pass-through server's own). */
  teleopPort?: () => number;
}

/** Answers a GET or HEAD for the app; `root` is the dist folder. */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, pathname: string, facts: PageFacts = {}): void {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    rel = '/';
  }
  const file = normalize(join(root, rel));
  const inside = file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);
  const target = inside && existsSync(file) && statSync(file).isFile() ? file : join(root, 'index.html');
  if (!existsSync(target)) {
    res.setHeader('Content-Security-Policy', appPolicy(req));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : MISSING);
    return;
  }
  if (facts.teleopPort && target === join(root, 'index.html')) return servePage(target, req, res, facts.teleopPort());
  const type = TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream';
  // Every file of the app gets its policy: a worker script's own answer sets the worker's (api.md: the app's pages).
  const page = type.startsWith('text/html') ? readFileSync(target, 'utf8') : undefined;
  res.setHeader('Content-Security-Policy', appPolicy(req, page));
  // Vite fingerprints everything under assets/, so those may be cached for good; index.html never.
  const immutable = target.includes(`${sep}assets${sep}`);
  const size = statSync(target).size;
  const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' };
  const range = byteRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` });
    return void res.end();
  }
  if (range) {
    res.writeHead(206, { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': String(range.end - range.start + 1) });
    if (req.method === 'HEAD') return void res.end();
    return void send(createReadStream(target, range), res);
  }
  res.writeHead(200, { ...headers, 'content-length': String(size) });
  if (req.method === 'HEAD') return void res.end();
  send(createReadStream(target), res);
}

/** Streams a file; a read error (the file removed meanwhile) drops this answer, not the process. */
function send(file: ReturnType<typeof createReadStream>, res: ServerResponse): void {
  file.on('error', () => res.destroy());
  file.pipe(res);
}

/**
 * index.html with a meta tag naming the teleoperation port, first in the head so the boot script finds it (a meta
 * tag rather than a script: the pages' Content-Security-Policy allows no inline script beyond the boot one).
 * Small and never cached: served whole, ranges ignored.
 */
function servePage(file: string, req: IncomingMessage, res: ServerResponse, teleopPort: number): void {
  const meta = `<meta name="kiosk-teleop-port" content="${Math.trunc(teleopPort)}">`;
  const html = readFileSync(file, 'utf8');
  const head = /<head[^>]*>/i.exec(html);
  const page = Buffer.from(head ? html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length) : meta + html);
  // The page's policy, its inline boot script's hash included (the meta tag changes no script).
  res.setHeader('Content-Security-Policy', appPolicy(req, html));
  res.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-cache', 'content-length': String(page.length) });
  res.end(req.method === 'HEAD' ? undefined : page);
}

/**
 * The one byte range a `Range` header asks for, inclusive, within `size`; null for none (or one this server does
 * not take: several ranges, another unit), which gets the whole file.
 */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const last = Math.min(Number(match[2]), size);
    return last === 0 ? 'unsatisfiable' : { start: size - last, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}
