/** The core's one base64 decoder (the core may not use atob or Buffer). Pure. */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each base64 character's value by its char code, -1 for any other. */
const B64_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_VALUE[B64.charCodeAt(i)] = i;

/**
 * The bytes of a base64 string (padding and line breaks allowed), or only its first `limit` bytes (a PNG
 * header is read without decoding the image). Throws on any other character before the limit.
 */
export function base64ToBytes(b64: string, limit = Infinity): Uint8Array {
  const out = new Uint8Array(Math.min(limit, Math.floor((b64.length * 3) / 4)));
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < b64.length && n < out.length; i++) {
    const c = b64.charCodeAt(i);
    if (c === 61 /* = */ || c === 10 || c === 13) continue;
    const v = c < 128 ? B64_VALUE[c]! : -1;
    if (v < 0) throw new Error(`not base64 (character ${i})`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  // `subarray` makes a new view, which cost more than the decoding of a PNG header (a map frame's size check).
  return n === out.length ? out : out.subarray(0, n);
}
