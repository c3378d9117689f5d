/** The problem report calls (api.md): create from a clip upload, list, fetch a clip, delete. */
import { createReadStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { App } from '../app';
import { ApiError, notFound, type Router } from './router';

/** Registers the problem report calls (on the API router, so the guards and the session rule apply to them). */
export function problemReportRoutes(r: Router, app: App): void {
  const { reports } = app;

  // The body is a clip of up to 64 MB: the handler streams it itself (`rawBody`), never the router's 1 MB reader.
  r.on('POST', '/api/reports', async ({ req, res }) => {
    try {
      const report = await reports.accept(req);
      return { id: report.id, created_at: report.created_at };
    } catch (err) {
      // Refused before its body was read (busy): close the connection rather than read up to 64 MB to drop it.
      if (err instanceof ApiError && err.status === 503) res.setHeader('connection', 'close');
      throw err;
    }
  }, { rawBody: true });

  r.on('GET', '/api/reports', () => reports.list());

  r.on('GET', '/api/reports/:id/log', async ({ params, res }) => {
    const file = reports.clipFile(Number(params.id));
    if (!file) throw notFound('report');
    res.writeHead(200, {
      'content-type': 'application/x-ndjson',
      'content-length': String(statSync(file).size),
      'content-disposition': `attachment; filename="report-${params.id}.jsonl"`,
      'cache-control': 'no-store',
    });
    // Streamed: a clip may be 64 MB. Awaited, so the router sees the answer ended.
    await pipeline(createReadStream(file), res);
  });

  r.on('DELETE', '/api/reports/:id', ({ params }) => {
    if (!reports.delete(Number(params.id))) throw notFound('report');
    return {};
  });
}
