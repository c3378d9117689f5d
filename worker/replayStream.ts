/**
 * A picked file's or a download's bytes for the replay worker (worker/replaySession.ts), chunk by chunk as
 * they arrive, so a day's log is parsed and folded while the rest of it downloads.
 */

/** A file's or a download's bytes, with how far along they are. */
export interface ByteStream {
  /** The next chunk, or null at the end. */
  next(): Promise<Uint8Array | null>;
  /** The fraction read so far (0 while the size is unknown). */
  fraction(): number;
  /** At least `n` bytes from the start (fewer only when the whole content is shorter). */
  firstBytes(n: number): Promise<Uint8Array>;
  /** `first` and everything after it, as one array. */
  rest(first: Uint8Array): Promise<Uint8Array>;
}

export function openStream(content: Blob | Response): ByteStream {
  const body = content instanceof Blob ? content.stream() : content.body;
  const total = content instanceof Blob ? content.size : Number(content.headers.get('content-length')) || 0;
  const reader = body?.getReader() ?? null;
  let received = 0;
  const next = async (): Promise<Uint8Array | null> => {
    if (!reader) return null;
    const { done, value } = await reader.read();
    if (done) return null;
    received += value.byteLength;
    return value;
  };
  const collect = async (parts: Uint8Array[], enough: (size: number) => boolean) => {
    let size = parts.reduce((n, p) => n + p.byteLength, 0);
    while (!enough(size)) {
      const chunk = await next();
      if (chunk === null) break;
      parts.push(chunk);
      size += chunk.byteLength;
    }
    return join(parts, size);
  };
  return {
    next,
    fraction: () => (total > 0 ? Math.min(1, received / total) : 0),
    firstBytes: (n) => collect([], (size) => size >= n),
    rest: (first) => collect([first], () => false),
  };
}

function join(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** Whether a text holds its first non-empty line whole (a newline follows it). */
export function hasFirstLine(text: string): boolean {
  const start = text.search(/\S/);
  return start >= 0 && text.indexOf('\n', start) >= 0;
}
