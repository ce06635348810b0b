/**
 * Reads only the wanted fields of a JSON object text, skipping the rest
 * (message content, tool output) without building it: skipped strings are
 * crossed with `indexOf('"')`, so a 10 KB line holding a 20-byte usage object
 * costs a few jumps instead of a full `JSON.parse`. Picked values are parsed
 * with `JSON.parse`, so their meaning is exactly JSON's.
 *
 * The structure of the whole text is checked (balanced brackets, keys,
 * colons, commas, nothing after the object), so a truncated or merged line
 * throws `SyntaxError` like `JSON.parse` would; the content of skipped
 * strings is not validated.
 *
 * Shared by the usage readers (usage/_parse_line.ts) and serve's row writer
 * (telemetry/line_peek.ts), which both meet big lines with small wanted parts.
 *
 * With `binary`, `text` holds bytes, one char each (usage/_lines.ts): a picked
 * value holding a byte ≥ 0x80 is decoded as UTF-8 before it is parsed, so the
 * result equals picking the decoded text. Spec keys must be ASCII.
 *
 * @module
 */

import { Buffer } from "node:buffer";

/**
 * Which fields to keep: `true` keeps a field's whole value, a nested spec
 * keeps only those fields of an object value.
 */
export type PickSpec = { readonly [key: string]: true | PickSpec };

/**
 * Returns the object in `text` reduced to `spec`; throws SyntaxError on bad
 * structure. `binary`: `text` is UTF-8 bytes, one char each.
 */
export function pickJson(text: string, spec: PickSpec, binary = false): Record<string, unknown> {
  return pick(STRING, text, spec, binary);
}

/**
 * {@link pickJson} of the UTF-8 text in `bytes` (any view, shared memory
 * too), read in place: the same rules run on the bytes, and only the picked
 * values and the keys become strings. Equals `pickJson(binary, spec, true)`
 * where `binary` is the bytes as a one-char-per-byte string, without
 * building that string, which on Node costs far more than a few `indexOf`
 * jumps over the bytes (bench/README.md).
 */
export function pickJsonBytes(bytes: Uint8Array, spec: PickSpec): Record<string, unknown> {
  // A Buffer view (no copy): its indexOf is memchr on Node, far faster than Uint8Array's.
  return pick(BYTES, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), spec, true);
}

/**
 * How the object rules read one kind of text: a string, or UTF-8 bytes.
 * Called once per member; the per-character loops are each kind's own.
 */
interface Reader<T> {
  length(text: T): number;
  /** The code at `i` (a char or a byte); not a number past the end. */
  code(text: T, i: number): number | undefined;
  /** The index of the first non-whitespace at or after `i`. */
  ws(text: T, i: number): number;
  /** `i` is at an opening quote; the index of the closing quote. */
  stringEnd(text: T, i: number): number;
  /** The index just past the value starting at `i`. */
  skipValue(text: T, i: number): number;
  /** The chars from `from` to `to` (bytes: one char each). */
  slice(text: T, from: number, to: number): string;
}

function pick<T>(r: Reader<T>, text: T, spec: PickSpec, binary: boolean): Record<string, unknown> {
  let i = r.ws(text, 0);
  if (r.code(text, i) !== 123) { // not an object: plain rules
    return parseSlice(r.slice(text, 0, r.length(text)), binary) as Record<string, unknown>;
  }
  const [value, end] = pickObject(r, text, i, spec, binary);
  i = r.ws(text, end);
  if (i !== r.length(text)) fail(i);
  return value;
}

const HIGH = /[\x80-\xff]/;

/** `JSON.parse` of a slice; a binary slice with a byte ≥ 0x80 is decoded as UTF-8 first. */
export function parseSlice(text: string, binary: boolean): unknown {
  return JSON.parse(binary && HIGH.test(text) ? utf8(text) : text);
}

/** The UTF-8 text of a binary string. */
export function utf8(binary: string): string {
  return Buffer.from(binary, "latin1").toString("utf8");
}

function fail(at: number): never {
  throw new SyntaxError(`unexpected JSON structure at ${at}`);
}

function ws(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** `i` is at an opening quote; returns the index of the closing quote. */
function stringEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    j = text.indexOf('"', j + 1);
    if (j < 0) fail(i);
    let k = j - 1;
    while (text.charCodeAt(k) === 92) k--;
    if ((j - 1 - k) % 2 === 0) return j;
  }
}

const LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;

/** Returns the index just past the value starting at `i`. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return stringEnd(text, i) + 1;
  if (c === 123 || c === 91) {
    const stack: number[] = [c === 123 ? 125 : 93];
    let j = i + 1;
    while (stack.length > 0) {
      const d = text.charCodeAt(j);
      if (d !== d) fail(j); // NaN: the text ended inside
      if (d === 34) j = stringEnd(text, j);
      else if (d === 123) stack.push(125);
      else if (d === 91) stack.push(93);
      else if (d === 125 || d === 93) {
        if (stack.pop() !== d) fail(j);
      }
      j++;
    }
    return j;
  }
  let j = i;
  for (;;) {
    const d = text.charCodeAt(j);
    if (
      d !== d || d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9
    ) break;
    j++;
  }
  if (!LITERAL.test(text.slice(i, j))) fail(i);
  return j;
}

function pickObject<T>(
  r: Reader<T>,
  text: T,
  start: number,
  spec: PickSpec,
  binary: boolean,
): [Record<string, unknown>, number] {
  const out: Record<string, unknown> = {};
  let i = r.ws(text, start + 1);
  if (r.code(text, i) === 125) return [out, i + 1];
  for (;;) {
    if (r.code(text, i) !== 34) fail(i);
    const keyEnd = r.stringEnd(text, i);
    let key = r.slice(text, i + 1, keyEnd);
    if (key.includes("\\")) key = parseSlice(r.slice(text, i, keyEnd + 1), binary) as string;
    i = r.ws(text, keyEnd + 1);
    if (r.code(text, i) !== 58) fail(i);
    i = r.ws(text, i + 1);
    const want = Object.hasOwn(spec, key) ? spec[key] : undefined;
    let end: number;
    if (want === true) {
      end = r.skipValue(text, i);
      out[key] = parseSlice(r.slice(text, i, end), binary);
    } else if (want && r.code(text, i) === 123) {
      const [value, e] = pickObject(r, text, i, want, binary);
      out[key] = value;
      end = e;
    } else {
      end = r.skipValue(text, i);
      if (want) out[key] = parseSlice(r.slice(text, i, end), binary); // a picked object that is not one
    }
    i = r.ws(text, end);
    const c = r.code(text, i);
    if (c === 44) {
      i = r.ws(text, i + 1);
      continue;
    }
    if (c === 125) return [out, i + 1];
    fail(i);
  }
}

const STRING: Reader<string> = {
  length: (text) => text.length,
  code: (text, i) => text.charCodeAt(i),
  ws,
  stringEnd,
  skipValue,
  slice: (text, from, to) => text.slice(from, to),
};

const BYTES: Reader<Buffer> = {
  length: (bytes) => bytes.length,
  code: (bytes, i) => bytes[i],
  ws: wsBytes,
  stringEnd: stringEndBytes,
  skipValue: skipValueBytes,
  slice: latin1,
};

function latin1(bytes: Buffer, from: number, to: number): string {
  return bytes.toString("latin1", from, to);
}

function wsBytes(b: Buffer, i: number): number {
  for (;;) {
    const c = b[i];
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

function stringEndBytes(b: Buffer, i: number): number {
  let j = i;
  for (;;) {
    j = quoteAfter(b, j + 1);
    if (j < 0) fail(i);
    let k = j - 1;
    while (b[k] === 92) k--;
    if ((j - 1 - k) % 2 === 0) return j;
  }
}

/**
 * The index of the next `"` at or after `from`, or -1. A short loop first:
 * Buffer's indexOf (memchr) crosses a long string fastest, but each call
 * costs more than scanning a few dozen bytes, and escaped quotes can be dense.
 */
function quoteAfter(b: Buffer, from: number): number {
  const near = Math.min(from + 64, b.length);
  for (let j = from; j < near; j++) if (b[j] === 34) return j;
  return near < b.length ? b.indexOf(34, near) : -1;
}

/** {@link skipValue} on bytes (each kind keeps its own per-character loop: no call per char). */
function skipValueBytes(b: Buffer, i: number): number {
  const c = b[i];
  if (c === 34) return stringEndBytes(b, i) + 1;
  if (c === 123 || c === 91) {
    const stack: number[] = [c === 123 ? 125 : 93];
    let j = i + 1;
    while (stack.length > 0) {
      const d = b[j];
      if (d === undefined) fail(j); // the bytes ended inside
      if (d === 34) j = stringEndBytes(b, j);
      else if (d === 123) stack.push(125);
      else if (d === 91) stack.push(93);
      else if (d === 125 || d === 93) {
        if (stack.pop() !== d) fail(j);
      }
      j++;
    }
    return j;
  }
  let j = i;
  for (;;) {
    const d = b[j];
    if (
      d === undefined || d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 ||
      d === 9
    ) break;
    j++;
  }
  if (!LITERAL.test(latin1(b, i, j))) fail(i);
  return j;
}
