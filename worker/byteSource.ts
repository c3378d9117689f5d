/**
 * Where the replay worker reads a log's bytes from, by range, so it never holds the text: a picked or dropped
 * file by `Blob.slice`, a same-origin address by HTTP `Range` requests. A server that does not answer ranges
 * gets one streamed read into a `Blob` (which the browser keeps out of the worker's heap), read by slices after.
 */

export interface ByteSource {
  name: string;
  size: number;
  /** The bytes from `start` up to `end` (not included). */
  read(start: number, end: number): Promise<Uint8Array>;
  /**
   * Where the bytes are read from front to back (`specStream`), here or by another worker it is sent to
   * (worker/lineReaderWorker.ts).
   */
  spec: StreamSpec;
}

/** Where a worker of its own reads a source's bytes from: the blob itself, or an address that answers ranges. */
export type StreamSpec = { blob: Blob } | { url: string };

/** The bytes of `spec` from `start` on, as they come. */
export async function specStream(spec: StreamSpec, start: number): Promise<ReadableStream<Uint8Array>> {
  if ('blob' in spec) return spec.blob.slice(start).stream();
  const rest = await fetch(spec.url, { headers: { range: `bytes=${start}-` }, cache: 'no-store' });
  if (rest.status !== 206 && !(rest.status === 200 && start === 0)) throw new Error(`the server answered ${rest.status} to a range`);
  return rest.body ?? new Blob([]).stream();
}

export function blobSource(blob: Blob, name: string): ByteSource {
  return {
    name,
    size: blob.size,
    read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
    spec: { blob },
  };
}

/** The total size a `Content-Range: bytes A-B/TOTAL` answer gives, or null. */
function rangeTotal(answer: Response): number | null {
  const match = /\/(\d+)\s*$/.exec(answer.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * An address's bytes: by ranges when the server answers them (206 with the total size), else the whole body
 * read once. A one-line reason when it cannot be read.
 */
export async function urlSource(url: URL): Promise<ByteSource | string> {
  const name = decodeURIComponent(url.pathname.split('/').pop() || url.pathname);
  let answer: Response;
  try {
    answer = await fetch(url, { headers: { range: 'bytes=0-0' } });
  } catch (error) {
    return `${url.pathname} could not be fetched (${(error as Error).message})`;
  }
  const total = answer.status === 206 ? rangeTotal(answer) : null;
  if (total !== null) {
    await answer.body?.cancel();
    // `no-store`: the log is read once front to back and then by ranges; the HTTP cache would only write a copy of it to disk.
    return {
      name,
      size: total,
      read: async (start, end) => {
        if (end <= start) return new Uint8Array(0);
        const part = await fetch(url, { headers: { range: `bytes=${start}-${end - 1}` }, cache: 'no-store' });
        if (part.status !== 206) throw new Error(`the server answered ${part.status} to a range`);
        return new Uint8Array(await part.arrayBuffer());
      },
      spec: { url: url.href },
    };
  }
  // An empty file answers 416 to any range, a server may give no total: read it plainly, as one without ranges.
  if (answer.status === 416 || answer.status === 206) {
    await answer.body?.cancel();
    answer = await fetch(url);
  }
  if (!answer.ok) return `${url.pathname}: the server answered ${answer.status}`;
  try {
    return blobSource(await answer.blob(), name);
  } catch (error) {
    return `${name} could not be read (${(error as Error).message})`;
  }
}
