/**
 * CDR, as ROS 2 puts messages on DDS: a 4-byte encapsulation header (CDR_LE 00 01, CDR_BE 00 00; XCDR2's plain
 * 00 06/00 07 read too), then the fields in order, each aligned to its size (at most 8 in XCDR1, 4 in XCDR2)
 * from the start of the data. Written little-endian XCDR1, padded to a multiple of 4 with the pad count in
 * the header's options (Cyclone refuses data otherwise). Types are interfaces.ts's table. Decoding throws on
 * data that ends early; callers treat that as a malformed message.
 */
import { type Field, fullName, TYPES } from './interfaces';

const SIZES: Record<string, number> = {
  bool: 1, byte: 1, char: 1, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4,
  int64: 8, uint64: 8, float64: 8,
};

const fieldsOf = (type: string): Field[] => {
  const f = TYPES.get(fullName(type));
  if (!f) throw new Error(`no definition of ${type}`);
  return f;
};

const isMessage = (f: Field) => !(f.type in SIZES) && f.type !== 'string' && f.type !== 'wstring';

/** A message value: fields by name; 64-bit integers as bigint, int8/uint8 arrays as typed arrays. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Msg = Record<string, any>;

export class CdrReader {
  private view: DataView;
  private at = 4;
  private le: boolean;
  private maxAlign: number;
  constructor(private bytes: Uint8Array) {
    if (bytes.length < 4) throw new Error('shorter than its encapsulation header');
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const kind = bytes[1] as number;
    if (bytes[0] !== 0 || ![0, 1, 6, 7].includes(kind)) throw new Error(`unknown encapsulation ${bytes[0]} ${kind}`);
    this.le = (kind & 1) === 1;
    this.maxAlign = kind >= 6 ? 4 : 8;
  }
  /** Bytes left after the last field read (the rest of a longer layout, for lenient decoding). */
  get remaining(): number {
    return this.bytes.length - this.at;
  }
  private align(n: number): void {
    const a = Math.min(n, this.maxAlign);
    this.at += (a - ((this.at - 4) % a)) % a;
  }
  private need(n: number): void {
    if (this.at + n > this.bytes.length) throw new Error(`data ends at byte ${this.bytes.length}, ${n} more needed at ${this.at}`);
  }
  primitive(type: string): number | bigint | boolean {
    const size = SIZES[type] as number;
    this.align(size);
    this.need(size);
    const v = this.view;
    const at = this.at;
    this.at += size;
    switch (type) {
      case 'bool': return v.getUint8(at) !== 0;
      case 'int8': return v.getInt8(at);
      case 'int16': return v.getInt16(at, this.le);
      case 'uint16': return v.getUint16(at, this.le);
      case 'int32': return v.getInt32(at, this.le);
      case 'uint32': return v.getUint32(at, this.le);
      case 'float32': return v.getFloat32(at, this.le);
      case 'float64': return v.getFloat64(at, this.le);
      case 'int64': return v.getBigInt64(at, this.le);
      case 'uint64': return v.getBigUint64(at, this.le);
      default: return v.getUint8(at);
    }
  }
  string(): string {
    const n = this.primitive('uint32') as number;
    this.need(n);
    const s = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.at, Math.max(0, n - 1)).toString('utf8');
    this.at += n;
    return s;
  }
  private element(f: Field): unknown {
    if (f.type === 'string' || f.type === 'wstring') return this.string();
    if (isMessage(f)) return this.message(f.type);
    return this.primitive(f.type);
  }
  private field(f: Field): unknown {
    if (!f.isArray) return this.element(f);
    const n = f.arrayLength ?? (this.primitive('uint32') as number);
    if (n > this.bytes.length) throw new Error(`${f.name} claims ${n} elements`);
    if (f.type === 'int8' || f.type === 'uint8' || f.type === 'byte' || f.type === 'char') {
      this.need(n);
      const slice = this.bytes.slice(this.at, this.at + n);
      this.at += n;
      return f.type === 'int8' ? new Int8Array(slice.buffer) : slice;
    }
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) out.push(this.element(f));
    return out;
  }
  message(type: string): Msg {
    const fields = fieldsOf(type);
    if (!fields.length) {
      this.primitive('uint8'); // an empty message still has rosidl's one-byte member on the wire
      return {};
    }
    const out: Msg = {};
    for (const f of fields) out[f.name] = this.field(f);
    return out;
  }
}

class CdrWriter {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
  at = 4;
  private grow(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    next.set(this.buf);
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  private align(n: number): void {
    const pad = (n - ((this.at - 4) % n)) % n;
    this.grow(pad);
    this.at += pad; // the buffer is zeroed: padding is zeros
  }
  primitive(type: string, value: unknown): void {
    const size = SIZES[type] as number;
    this.align(size);
    this.grow(size);
    const v = this.view;
    const at = this.at;
    this.at += size;
    const n = Number(value ?? 0);
    switch (type) {
      case 'bool': return v.setUint8(at, value ? 1 : 0);
      case 'int8': return v.setInt8(at, n);
      case 'int16': return v.setInt16(at, n, true);
      case 'uint16': return v.setUint16(at, n, true);
      case 'int32': return v.setInt32(at, n, true);
      case 'uint32': return v.setUint32(at, n, true);
      case 'float32': return v.setFloat32(at, n, true);
      case 'float64': return v.setFloat64(at, n, true);
      case 'int64': return v.setBigInt64(at, BigInt((value as bigint | number) ?? 0), true);
      case 'uint64': return v.setBigUint64(at, BigInt((value as bigint | number) ?? 0), true);
      default: return v.setUint8(at, n);
    }
  }
  string(s: string): void {
    const bytes = Buffer.from(s ?? '', 'utf8');
    this.primitive('uint32', bytes.length + 1);
    this.grow(bytes.length + 1);
    this.buf.set(bytes, this.at);
    this.at += bytes.length + 1;
  }
  private element(f: Field, value: unknown): void {
    if (f.type === 'string' || f.type === 'wstring') this.string(value as string);
    else if (isMessage(f)) this.message(f.type, (value ?? {}) as Msg);
    else this.primitive(f.type, value);
  }
  message(type: string, value: Msg): void {
    const fields = fieldsOf(type);
    if (!fields.length) return this.primitive('uint8', 0);
    for (const f of fields) {
      const v = value[f.name];
      if (!f.isArray) {
        this.element(f, v);
        continue;
      }
      const items = Array.from((v ?? []) as ArrayLike<unknown>);
      if (f.arrayLength !== undefined) {
        if (items.length !== f.arrayLength) throw new Error(`${f.name} needs ${f.arrayLength} elements, not ${items.length}`);
      } else this.primitive('uint32', items.length);
      for (const item of items) this.element(f, item);
    }
  }
  finish(): Uint8Array {
    const pad = (4 - ((this.at - 4) % 4)) % 4;
    this.grow(pad);
    this.at += pad;
    this.buf[1] = 1; // CDR_LE
    this.buf[3] = pad;
    return this.buf.slice(0, this.at);
  }
}

/** A message of `type` (a full name such as `geometry_msgs/msg/Twist`) as CDR bytes, header included. */
export function encode(type: string, value: Msg): Uint8Array {
  const w = new CdrWriter();
  w.message(type, value);
  return w.finish();
}

/** CDR bytes (header included) as a message of `type`; throws when the data is too short for it. */
export function decode(type: string, bytes: Uint8Array): Msg {
  return new CdrReader(bytes).message(type);
}
