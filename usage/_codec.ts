/**
 * The binary form of the cache's tables: a {@link RecordTable} or a list of
 * request keys as bytes that load without a per-row parse. Each numeric
 * column is stored in the narrowest form that holds it exactly: one constant
 * (an all-NaN cost column, all-zero reasoning), or an integer base plus 1, 2
 * or 4 bytes a row, else 8-byte floats, so a cache file is a fraction of
 * the plain layout (bench/README.md).
 *
 * Byte order is this machine's; the cache never leaves it.
 *
 * @module
 */

import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence } from "../core/usage_types.ts";
import { emptyTable, INDEX_COLUMNS, NUMBER_COLUMNS, type RecordTable } from "./table.ts";
import type { Rows } from "./_rows.ts";
import { encodeKeys, readKey } from "./_keys.ts";
import { release } from "./_release.ts";

const CONST = 0;
const U8 = 1;
const U16 = 2;
const U32 = 4;
const F64 = 8;

/** Appends values to a growing byte buffer. */
export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  /** Bytes written. */
  length = 0;

  /**
   * A writer whose buffer starts at `capacity` bytes: a caller that knows
   * about how much it will write saves the doubling copies (and the moment
   * the old and new buffers are both held).
   */
  constructor(capacity: number = 1 << 12) {
    this.buf = new Uint8Array(Math.max(16, capacity));
    this.view = new DataView(this.buf.buffer);
  }

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    release(this.buf); // no view of it is handed out past the next write
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** Pads with zeros to a multiple of `n` bytes (typed views need alignment). */
  align(n: number): void {
    const pad = (n - (this.length % n)) % n;
    this.room(pad);
    this.buf.fill(0, this.length, this.length + pad);
    this.length += pad;
  }
  /** Writes a uint32. */
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }
  /** Writes a float64. */
  f64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }
  /** Writes bytes with their length first. */
  bytes(b: Uint8Array): void {
    this.u32(b.length);
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  /** Writes bytes with their length first, starting at a multiple of 8 (see {@link ByteReader.block}). */
  block(b: Uint8Array): void {
    this.u32(b.length);
    this.align(8);
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  /** Writes a JSON value as length-prefixed UTF-8. */
  json(value: unknown): void {
    this.bytes(new TextEncoder().encode(JSON.stringify(value)));
  }
  /** Writes typed-array contents, aligned to their element size. */
  typed(a: Uint8Array | Uint16Array | Uint32Array | Float64Array): void {
    this.align(a.BYTES_PER_ELEMENT);
    this.room(a.byteLength);
    this.buf.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), this.length);
    this.length += a.byteLength;
  }
  /**
   * Writes `count` uint32 values `value(0)`, `value(1)`, … exactly as
   * {@link ByteWriter.typed} writes a Uint32Array of them, without one.
   */
  u32s(count: number, value: (i: number) => number): void {
    const out = this.reserve(4, count);
    for (let i = 0; i < count; i++) out[i] = value(i);
  }
  /**
   * Adds `count` zeroed elements of `width` bytes (unsigned; 8: float64),
   * aligned as {@link ByteWriter.typed} aligns them, and returns them to fill
   * in place (valid until the next write): no array on the side to copy.
   */
  reserve(
    width: 1 | 2 | 4 | 8,
    count: number,
  ): Uint8Array | Uint16Array | Uint32Array | Float64Array {
    this.align(width);
    this.room(count * width);
    const b = this.buf.buffer;
    const at = this.length;
    this.buf.fill(0, at, at + count * width);
    this.length += count * width;
    return width === 1
      ? new Uint8Array(b, at, count)
      : width === 2
      ? new Uint16Array(b, at, count)
      : width === 4
      ? new Uint32Array(b, at, count)
      : new Float64Array(b, at, count);
  }
  /** Writes bytes as they are (no length). */
  raw(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  /**
   * Hands the bytes written so far to `sink`, up to the last multiple of
   * `multiple` (1: all), and keeps the rest as the start of the buffer: a
   * writer that streams out its bytes this way, by multiples of 8, keeps
   * {@link ByteWriter.align} true to the offsets in the whole output.
   */
  drain(multiple: number, sink: (bytes: Uint8Array) => void): void {
    const n = this.length - (this.length % multiple);
    sink(this.buf.subarray(0, n));
    this.buf.copyWithin(0, n, this.length);
    this.length -= n;
  }
  /** The bytes written (a view, valid until the next write). */
  result(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
  /** Frees the buffer now (`_release.ts`): every view {@link ByteWriter.result} gave reads empty. */
  release(): void {
    release(this.buf);
    this.length = 0;
  }
}

/** Reads what {@link ByteWriter} wrote; throws RangeError past the end. */
export class ByteReader {
  private view: DataView;
  /** The read position. */
  at: number;

  /** Reads `bytes`, whose buffer offset must be a multiple of 8. */
  constructor(readonly data: Uint8Array, at = 0) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    this.at = at;
  }
  /** Skips to a multiple of `n`. */
  align(n: number): void {
    this.at += (n - (this.at % n)) % n;
  }
  /** Reads a uint32. */
  u32(): number {
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  /** Reads a float64. */
  f64(): number {
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }
  /** Reads length-prefixed bytes (a view). */
  bytes(): Uint8Array {
    const n = this.u32();
    if (this.at + n > this.data.length) throw new RangeError("truncated");
    const out = this.data.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  /** Reads a block written by {@link ByteWriter.block} (a view, aligned like the input). */
  block(): Uint8Array {
    const n = this.u32();
    this.align(8);
    if (this.at + n > this.data.length) throw new RangeError("truncated");
    const out = this.data.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  /** Reads a JSON value written by {@link ByteWriter.json}. */
  json<T>(): T {
    return JSON.parse(new TextDecoder().decode(this.bytes()));
  }
  /** Reads `count` elements of a typed array of `width` bytes (a view when aligned). */
  typed(width: 1 | 2 | 4 | 8, count: number): ArrayLike<number> {
    this.align(width);
    const start = this.data.byteOffset + this.at;
    if (this.at + width * count > this.data.length) throw new RangeError("truncated");
    this.at += width * count;
    const b = this.data.buffer;
    return width === 1
      ? new Uint8Array(b, start, count)
      : width === 2
      ? new Uint16Array(b, start, count)
      : width === 4
      ? new Uint32Array(b, start, count)
      : new Float64Array(b, start, count);
  }
}

/** Writes one numeric column in its narrowest exact form. */
function writeColumn(w: ByteWriter, col: ArrayLike<number>, count: number): void {
  let min = Infinity;
  let max = -Infinity;
  let ints = true;
  const first = count > 0 ? col[0] : 0;
  let same = true;
  for (let i = 0; i < count; i++) {
    const v = col[i];
    if (!Object.is(v, first)) same = false;
    if (!Number.isInteger(v) || Object.is(v, -0)) ints = false; // -0 stays -0 as a float
    else {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (same) {
    w.u32(CONST);
    w.f64(first);
    return;
  }
  const range = max - min;
  const width = !ints
    ? F64
    : range <= 0xff
    ? U8
    : range <= 0xffff
    ? U16
    : range <= 0xffffffff
    ? U32
    : F64;
  w.u32(width);
  if (width === F64) {
    const out = w.reserve(8, count); // written in place: no column-sized array on the side
    for (let i = 0; i < count; i++) out[i] = col[i];
    return;
  }
  w.f64(min);
  const out = w.reserve(width, count);
  for (let i = 0; i < count; i++) out[i] = col[i] - min;
}

/** Reads a column written by {@link writeColumn} into `out`. */
function readColumn(
  r: ByteReader,
  out: Float64Array | Uint32Array | Int32Array | number[],
  count: number,
): void {
  const width = r.u32();
  if (width === CONST) {
    out.fill(r.f64());
    return;
  }
  if (width === F64) {
    const src = r.typed(8, count);
    for (let i = 0; i < count; i++) out[i] = src[i]; // as stored (-0 too)
    return;
  }
  if (width !== U8 && width !== U16 && width !== U32) throw new RangeError("bad column");
  const base = r.f64();
  const src = r.typed(width, count);
  for (let i = 0; i < count; i++) out[i] = base + src[i];
}

/** Throws when a string index points outside the string table (a damaged file). */
function checkIndexes(col: ArrayLike<number>, count: number, strings: number): void {
  for (let i = 0; i < count; i++) {
    if (col[i] < -1 || col[i] >= strings) throw new RangeError("bad index");
  }
}

/** Appends a table: its row count, strings and every column. */
export function writeTable(w: ByteWriter, t: RecordTable): void {
  w.u32(t.count);
  w.json(t.strings);
  for (const c of NUMBER_COLUMNS) writeColumn(w, t[c], t.count);
  for (const c of INDEX_COLUMNS) writeColumn(w, t[c], t.count);
}

/**
 * Reads a table written by {@link writeTable}: typed columns, or plain arrays
 * (`typed` false) for a source's rows that are merged and dropped.
 */
export function readTable(
  r: ByteReader,
  platform: HostId,
  confidence: UsageConfidence,
  typed = true,
): RecordTable {
  const count = r.u32();
  const strings = r.json<string[]>();
  if (!Array.isArray(strings)) throw new RangeError("bad strings");
  const t = emptyTable(platform, confidence, count, strings, typed);
  for (const c of NUMBER_COLUMNS) readColumn(r, t[c], count);
  for (const c of INDEX_COLUMNS) {
    readColumn(r, t[c], count);
    checkIndexes(t[c], count, strings.length);
  }
  return t;
}

/** Appends keyed rows: the keys (as `_keys.ts` encodes them), the secondary flags and the table. */
export function writeRows(w: ByteWriter, rows: Rows): void {
  const { arena, ends, hashes } = encodeKeys(rows.keys);
  w.u32(rows.keys.length);
  w.typed(ends);
  w.typed(hashes);
  w.block(arena);
  w.typed(Uint8Array.from(rows.secondary));
  writeTable(w, rows.table);
}

/** The rows of `rows`, encoded for a rows file (a buffer of their own, transferable). */
export function encodeRows(rows: Rows): Uint8Array {
  const w = new ByteWriter();
  writeRows(w, rows);
  const out = w.result().slice();
  w.release();
  return out;
}

/** Encoded rows as the merge reads them: key bytes instead of key strings. */
export interface RowsView {
  /** Rows. */
  count: number;
  /** The keys' bytes; row `i`'s key ends at `keyEnds[i]` and starts where row `i - 1`'s ends. */
  keyArena: Uint8Array;
  /** Where each key ends in `keyArena`. */
  keyEnds: ArrayLike<number>;
  /** Each key's `hashKey`. */
  keyHashes: ArrayLike<number>;
  /** 1 where the row is a secondary copy. */
  secondary: ArrayLike<number>;
  /** The rows (columns may be longer than `count`). */
  table: RecordTable;
}

/**
 * Reads rows written by {@link writeRows} into reused typed columns, so the
 * thousands of sources of a scan allocate almost nothing here. A view is
 * valid until the next `read`.
 */
export class RowsReader {
  private view?: RowsView;

  /** A reader of `platform`'s rows. */
  constructor(private readonly platform: HostId, private readonly confidence: UsageConfidence) {}

  /** Reads `bytes` (8-byte aligned). */
  read(bytes: Uint8Array): RowsView {
    const r = new ByteReader(bytes);
    const count = r.u32();
    const keyEnds = r.typed(4, count);
    const keyHashes = r.typed(4, count);
    const keyArena = r.block();
    const secondary = r.typed(1, count);
    const rows = r.u32();
    if (rows !== count) throw new RangeError("bad rows");
    let view = this.view;
    if (!view || (view.table.ts as Float64Array).length < count) {
      const table = emptyTable(this.platform, this.confidence, Math.max(count, 256));
      view = this.view = { count, keyArena, keyEnds, keyHashes, secondary, table };
    }
    view.count = count;
    view.keyArena = keyArena;
    view.keyEnds = keyEnds;
    view.keyHashes = keyHashes;
    view.secondary = secondary;
    view.table.count = count;
    const strings = r.json<string[]>();
    if (!Array.isArray(strings)) throw new RangeError("bad strings");
    view.table.strings = strings;
    for (const c of NUMBER_COLUMNS) readColumn(r, view.table[c], count);
    for (const c of INDEX_COLUMNS) {
      readColumn(r, view.table[c], count);
      checkIndexes(view.table[c], count, strings.length);
    }
    for (let i = 1; i < count; i++) {
      if (keyEnds[i] < keyEnds[i - 1]) throw new RangeError("bad keys");
    }
    if (count > 0 && keyEnds[count - 1] !== keyArena.length) throw new RangeError("bad keys");
    return view;
  }
}

/** Reads rows written by {@link writeRows} as plain keyed rows (strings and arrays). */
export function readRows(bytes: Uint8Array, platform: HostId, confidence: UsageConfidence): Rows {
  const v = new RowsReader(platform, confidence).read(bytes);
  const keys = new Array<string>(v.count);
  for (let i = 0, at = 0; i < v.count; i++) {
    keys[i] = readKey(v.keyArena, at, v.keyEnds[i]);
    at = v.keyEnds[i];
  }
  const table = emptyTable(platform, confidence, v.count, v.table.strings, false);
  for (const c of [...NUMBER_COLUMNS, ...INDEX_COLUMNS]) {
    for (let i = 0; i < v.count; i++) table[c][i] = v.table[c][i];
  }
  return { keys, secondary: Array.from(v.secondary), table };
}
