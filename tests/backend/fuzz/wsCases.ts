/**
 * Generated WebSocket upgrades and frames (tests/backend/fuzz.test.ts): upgrades to any path on both ports with
 * good and bad keys, versions and headers; and, on a socket the server took, raw frames written byte by byte:
 * bad opcodes, reserved bits, unmasked frames, lone continuations, interleaved fragments, 64-bit lengths,
 * oversized messages, invalid UTF-8, too-long or fragmented control frames, bad close codes, cut frames.
 */
import type { FuzzTarget, RawCase } from './httpCases';
import type { Prng } from './prng';

const GOOD_KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

/** An upgrade request's bytes; `good` makes one the server should take (then frames follow). */
function upgradeRequest(r: Prng, t: FuzzTarget, port: 'app' | 'teleop', good: boolean): Buffer {
  const host = port === 'app' ? t.appHost : t.teleopHost;
  const path = good ? (port === 'app' ? '/ws' : '/') : r.pick(['/ws', '/', '//', '/%zz', '/ws?x=%', '/wsx', '/ws/', '*', '/api/settings', 'http://x/ws', `/${'w'.repeat(20_000)}`]);
  const lines = [`${good ? 'GET' : r.pick(['GET', 'GET', 'POST', 'PUT', 'HEAD'])} ${path} HTTP/1.1`, `Host: ${good || r.chance(0.8) ? host : 'evil.example'}`];
  const pick = <T>(ok: T, bad: readonly T[]) => (good || r.chance(0.6) ? ok : r.pick(bad));
  lines.push(`Upgrade: ${pick('websocket', ['WebSocket', 'h2c', '', 'websocket, h2c'])}`);
  lines.push(`Connection: ${pick('Upgrade', ['keep-alive', 'Upgrade, Upgrade', ''])}`);
  const key = pick(GOOD_KEY, ['', 'short', 'x'.repeat(100), '!!!!!!!!!!!!!!!!!!!!!!==', r.bytes(15).toString('base64')]);
  if (good || r.chance(0.9)) lines.push(`Sec-WebSocket-Key: ${key}`);
  if (!good && r.chance(0.1)) lines.push(`Sec-WebSocket-Key: ${GOOD_KEY}`);
  const version = pick('13', ['8', '99', 'abc', '', '13, 8']);
  if (good || r.chance(0.9)) lines.push(`Sec-WebSocket-Version: ${version}`);
  if (!good && r.chance(0.2)) lines.push(`Sec-WebSocket-Extensions: ${r.pick(['permessage-deflate; client_max_window_bits=99', 'permessage-deflate; x', ';;;', 'x'.repeat(3_000)])}`);
  if (!good && r.chance(0.1)) lines.push(`Sec-WebSocket-Protocol: ${r.pick(['', ',,,', 'a b'])}`);
  if (port === 'teleop' ? good || r.chance(0.7) : r.chance(0.5)) lines.push(`Cookie: ${t.cookie}`);
  if (r.chance(good ? 0.5 : 0.4)) lines.push(`Origin: ${good ? `http://${t.appHost}` : r.pick([`http://${t.appHost}`, 'http://evil.example', 'null'])}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
}

/** One frame; `mask` false makes a frame a client must not send. Length fields may lie. */
function frame(r: Prng, opcode: number, payload: Buffer, opts: { fin?: boolean; rsv?: number; mask?: boolean; length?: bigint } = {}): Buffer {
  const { fin = true, rsv = 0, mask = true } = opts;
  const len = opts.length ?? BigInt(payload.length);
  const head: number[] = [(fin ? 0x80 : 0) | (rsv << 4) | (opcode & 0x0f)];
  const m = mask ? 0x80 : 0;
  let ext = Buffer.alloc(0);
  if (len < 126n) head.push(m | Number(len));
  else if (len < 65536n) {
    head.push(m | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(Number(len));
  } else {
    head.push(m | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(len & 0xffffffffffffffffn);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), ext, payload]);
  const key = r.bytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ (key[i % 4] as number)));
  return Buffer.concat([Buffer.from(head), ext, key, body]);
}

const TELEOP_TEXTS = [
  '{"client_id":"f","op":"move","lvx":0.1,"lvy":0,"avz":0}',
  '{"client_id":"f","op":"manual_mode","mode":"MANUAL"}',
  '{"client_id":"f","op":"read_joints"}',
  '{"op":"move","lvx":1e999}',
  '{"client_id":"f","op":"manual_mode","mode":"NORMAL"}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  'not json',
];

/** A run of frames: mostly well-formed text with one or more broken ones among them. */
function frames(r: Prng): Buffer {
  const out: Buffer[] = [];
  const n = r.int(1, 6);
  const text = () => Buffer.from(r.pick(TELEOP_TEXTS));
  for (let i = 0; i < n; i++)
    switch (r.int(0, 15)) {
      case 0:
        out.push(frame(r, r.pick([3, 4, 5, 6, 7, 0xb, 0xc, 0xd, 0xe, 0xf]), text()));
        break;
      case 1:
        out.push(frame(r, 1, text(), { rsv: r.int(1, 7) }));
        break;
      case 2:
        out.push(frame(r, 1, text(), { mask: false }));
        break;
      case 3:
        out.push(frame(r, 0, text()));
        break;
      case 4:
        out.push(frame(r, 1, text(), { fin: false }), frame(r, 1, text()));
        break;
      case 5:
        out.push(frame(r, 1, Buffer.alloc(8), { length: r.pick([2n ** 63n, 2n ** 64n - 1n, 2n ** 32n, 70_000n]) }));
        break;
      case 6:
        out.push(frame(r, r.pick([1, 2]), Buffer.alloc(r.pick([4_097, 5_000, 70_000, 300_000]), 0x61)));
        break;
      case 7:
        for (let k = 0; k < 5; k++) out.push(frame(r, k === 0 ? 1 : 0, Buffer.alloc(1_000, 0x61), { fin: k === 4 }));
        break;
      case 8:
        out.push(frame(r, 1, Buffer.from([0x7b, 0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x7d])));
        break;
      case 9:
        out.push(frame(r, r.pick([8, 9, 10]), Buffer.alloc(r.pick([126, 200, 65_535]))));
        break;
      case 10:
        out.push(frame(r, 9, Buffer.from('p'), { fin: false }));
        break;
      case 11:
        out.push(frame(r, 8, r.pick([Buffer.from([0x03]), Buffer.from([0x00, 0x00]), Buffer.from([0x03, 0xe8, 0xff]), Buffer.from([0x13, 0x88])])));
        break;
      case 12:
        out.push(r.bytes(r.int(1, 64)));
        break;
      case 13: {
        const f = frame(r, 1, text());
        out.push(f.subarray(0, r.int(1, f.length - 1)));
        break;
      }
      default:
        out.push(frame(r, r.chance(0.8) ? 1 : 2, text()));
    }
  return Buffer.concat(out);
}

/** An upgrade that is refused (bad path, headers, key or version) or taken, on either port. */
export function upgradeCase(r: Prng, t: FuzzTarget): RawCase {
  const port = r.chance(0.5) ? 'app' : 'teleop';
  return { port, bytes: upgradeRequest(r, t, port, false) };
}

/** A taken upgrade (the session's cookie for teleop) followed by a generated run of frames. */
export function framesCase(r: Prng, t: FuzzTarget): RawCase {
  const port = r.chance(0.5) ? 'app' : 'teleop';
  return { port, bytes: upgradeRequest(r, t, port, true), frames: frames(r) };
}
