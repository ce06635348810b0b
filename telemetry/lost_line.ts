/**
 * Lines serve's row writer lost part of (its ring had no room for some of
 * their bytes: telemetry/byte_ring.ts, telemetry/drop_ledger.ts): a
 * {@link LostLineBuilder} puts together what is known of one — its length,
 * first and last bytes — and {@link lostMessage} reads the JSON-RPC routing
 * fields from those bytes, so the call still gets its row, measured from
 * the line's size ({@link planFromSize}) and labeled `heuristic`. A line
 * whose bytes all came through after all is handed back whole.
 *
 * @module
 */

import { LINE_HEAD_BYTES, LINE_TAIL_BYTES } from "./drop_ledger.ts";
import type { MeasurePlan } from "./measure.ts";

/** Lost lines up to this size are kept whole while no byte of them is missing. */
const WHOLE_BYTES = 64 * 1024;

/**
 * Bytes per token charged for a line known only by its size: JSON text's
 * rate in the labeled heuristic (telemetry/heuristic.ts), as for a big
 * line's provisional row (telemetry/line_peek.ts `roughEstimate`).
 */
export const BYTES_PER_TOKEN = 3;

/** A side of a message known only by its size in bytes. */
export class SizeOnly {
  /** The bytes. */
  readonly bytes: number;
  /** True when what was read of a result says `isError: true`. */
  readonly isError: boolean;

  /** A side of `bytes` bytes. */
  constructor(bytes: number, isError = false) {
    this.bytes = bytes;
    this.isError = isError;
  }
}

/** The measure plan of `bytes` bytes of JSON known only by size: an estimate. */
export function planFromSize(bytes: number): MeasurePlan {
  return { texts: [], fixedTokens: Math.ceil(bytes / BYTES_PER_TOKEN), estimated: true };
}

/** What is known of a lost line. */
export interface LostLine {
  /** Its length in bytes (without the line end). */
  length: number;
  /** Its first bytes (up to {@link LINE_HEAD_BYTES}). */
  head: Uint8Array;
  /** Its last bytes, none missing among them (up to {@link LINE_TAIL_BYTES}). */
  tail: Uint8Array;
  /** The whole line, when none of it was missing after all and it is small. */
  whole?: Uint8Array;
}

/** Puts together one line from known bytes and missing runs, in order. */
export class LostLineBuilder {
  #length = 0;
  #head: number[] = [];
  #tail: Uint8Array = new Uint8Array(0);
  #holed = false;
  #parts: Uint8Array[] | undefined = [];
  #partBytes = 0;

  /** Bytes of the line that arrived (copied). */
  known(bytes: Uint8Array): void {
    const n = bytes.length;
    if (n === 0) return;
    this.#length += n;
    if (this.#parts) {
      this.#partBytes += n;
      if (this.#partBytes <= WHOLE_BYTES) this.#parts.push(bytes.slice());
      else this.#parts = undefined;
    }
    if (!this.#holed) {
      for (let i = 0; i < n && this.#head.length < LINE_HEAD_BYTES; i++) this.#head.push(bytes[i]);
    }
    const keep = Math.min(this.#tail.length, Math.max(0, LINE_TAIL_BYTES - n));
    const from = Math.max(0, n - LINE_TAIL_BYTES);
    const tail = new Uint8Array(keep + n - from);
    tail.set(this.#tail.subarray(this.#tail.length - keep));
    tail.set(bytes.subarray(from), keep);
    this.#tail = tail;
  }

  /** `n` bytes of the line that never arrived. */
  missing(n: number): void {
    if (n <= 0) return;
    this.#length += n;
    this.#holed = true;
    this.#parts = undefined;
    this.#tail = new Uint8Array(0);
  }

  /** The line so far, ended. */
  finish(): LostLine {
    const line: LostLine = {
      length: this.#length,
      head: Uint8Array.from(this.#head),
      tail: this.#tail,
    };
    if (this.#parts && !this.#holed) {
      const whole = new Uint8Array(this.#partBytes);
      let at = 0;
      for (const part of this.#parts) {
        whole.set(part, at);
        at += part.length;
      }
      line.whole = whole;
    }
    return line;
  }
}

type Scalar = string | number | boolean | null;

/** Top-level members read from a line's start, and the tool name inside `params`. */
interface HeadFields {
  scalars: Map<string, Scalar>;
  containers: Set<string>;
  paramsName?: string;
}

const decoder = new TextDecoder();
const WS = new Set([" ", "\t", "\r", "\n"]);

/**
 * The message a lost line carried, as far as its first and last bytes tell:
 * a request (`id`, `method`, `params.name`, its arguments a {@link SizeOnly}
 * of the line's size) or a response (`id`, its result or error a
 * {@link SizeOnly}); undefined when neither an id nor a method can be read.
 */
export function lostMessage(line: LostLine): Record<string, unknown> | undefined {
  const head = readHead(decoder.decode(line.head));
  const tail = readTail(decoder.decode(line.tail));
  const field = (key: string) => head.scalars.has(key) ? head.scalars.get(key) : tail.top.get(key);
  const id = field("id");
  const method = field("method");
  if (typeof method === "string") {
    const name = head.paramsName ?? tail.inner.get("name");
    const params: Record<string, unknown> = { arguments: new SizeOnly(line.length) };
    if (typeof name === "string") params.name = name;
    return id === undefined ? { method, params } : { id, method, params };
  }
  if (id === undefined || id === null) return undefined;
  if (head.containers.has("error") || head.scalars.has("error")) {
    return { id, error: new SizeOnly(line.length, true) };
  }
  return { id, result: new SizeOnly(line.length, tail.inner.get("isError") === true) };
}

/** Reads the top-level members at the start of `s`, as far as they are whole. */
function readHead(s: string): HeadFields {
  const fields: HeadFields = { scalars: new Map(), containers: new Set() };
  const i = skip(s, 0);
  if (s[i] !== "{") return fields;
  members(s, i + 1, (key, value) => fields.scalars.set(key, value), (key, at) => {
    fields.containers.add(key);
    if (key !== "params" || s[at] !== "{") return skipContainer(s, at);
    return members(s, at + 1, (inner, value) => {
      if (inner === "name" && typeof value === "string") fields.paramsName = value;
    }, (_inner, from) => skipContainer(s, from));
  });
  return fields;
}

/**
 * Reads the members of an object from `i` (just after its `{`); calls
 * `scalar` for each scalar member and `container` for each object or array
 * member (which returns the index after it, or -1). Returns the index after
 * the object, or -1 when `s` ends first.
 */
function members(
  s: string,
  i: number,
  scalar: (key: string, value: Scalar) => void,
  container: (key: string, at: number) => number,
): number {
  for (;;) {
    i = skip(s, i);
    if (s[i] === "}") return i + 1;
    const key = readString(s, i);
    if (!key) return -1;
    i = skip(s, key.end);
    if (s[i] !== ":") return -1;
    i = skip(s, i + 1);
    if (s[i] === "{" || s[i] === "[") {
      i = container(key.value, i);
    } else {
      const value = readScalar(s, i);
      if (!value) return -1;
      scalar(key.value, value.value);
      i = value.end;
    }
    if (i === -1) return -1;
    i = skip(s, i);
    if (s[i] === ",") i++;
    else return s[i] === "}" ? i + 1 : -1;
  }
}

function skip(s: string, i: number): number {
  while (i < s.length && WS.has(s[i])) i++;
  return i;
}

/** The JSON string starting at `i`, when it ends within `s`. */
function readString(s: string, i: number): { value: string; end: number } | undefined {
  if (s[i] !== '"') return undefined;
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "\\") j++;
    else if (s[j] === '"') return { value: JSON.parse(s.slice(i, j + 1)), end: j + 1 };
  }
  return undefined;
}

/** The scalar at `i`, when it ends within `s` (a number cut by the end is not read). */
function readScalar(s: string, i: number): { value: Scalar; end: number } | undefined {
  if (s[i] === '"') return readString(s, i);
  let j = i;
  while (j < s.length && /[-+.\w]/.test(s[j])) j++;
  if (j === i || j === s.length) return undefined;
  try {
    return { value: JSON.parse(s.slice(i, j)) as Scalar, end: j };
  } catch {
    return undefined;
  }
}

/** The index after the object or array at `i`, or -1 when `s` ends first. */
function skipContainer(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '"') {
      const str = readString(s, j);
      if (!str) return -1;
      j = str.end - 1;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      if (--depth === 0) return j + 1;
    }
  }
  return -1;
}

/**
 * Reads, backwards from the end of `s` (a message's last bytes), the
 * top-level scalar members before its closing brace, and the scalar members
 * last in the object that closes just before them (a request's `params`, a
 * response's `result`).
 */
function readTail(s: string): { top: Map<string, Scalar>; inner: Map<string, Scalar> } {
  const top = new Map<string, Scalar>();
  const inner = new Map<string, Scalar>();
  let i = back(s, s.length - 1);
  if (s[i] !== "}") return { top, inner };
  i = membersBack(s, i - 1, top);
  if (i >= 0 && s[i] === "}") membersBack(s, i - 1, inner);
  return { top, inner };
}

/**
 * Reads scalar members backwards from `i` (inside an object, before its
 * closing brace) into `into`; returns the index of the first thing that is
 * not one (a closing brace of a container member), or -1.
 */
function membersBack(s: string, i: number, into: Map<string, Scalar>): number {
  for (;;) {
    i = back(s, i);
    if (i < 0 || s[i] === "}" || s[i] === "]") return i;
    const value = scalarBack(s, i);
    if (!value) return -1;
    i = back(s, value.start - 1);
    if (s[i] !== ":") return -1;
    i = back(s, i - 1);
    const key = stringBack(s, i);
    if (!key || typeof key.value !== "string") return -1;
    into.set(key.value, value.value);
    i = back(s, key.start - 1);
    if (s[i] !== ",") return -1;
    i--;
  }
}

function back(s: string, i: number): number {
  while (i >= 0 && WS.has(s[i])) i--;
  return i;
}

/** The scalar ending at `i`, read backwards, when it starts within `s`. */
function scalarBack(s: string, i: number): { value: Scalar; start: number } | undefined {
  if (s[i] === '"') return stringBack(s, i);
  let j = i;
  while (j >= 0 && /[-+.\w]/.test(s[j])) j--;
  if (j === i || j < 0) return undefined;
  try {
    return { value: JSON.parse(s.slice(j + 1, i + 1)) as Scalar, start: j + 1 };
  } catch {
    return undefined;
  }
}

/** The JSON string whose closing quote is at `i`, when its opening quote is within `s`. */
function stringBack(s: string, i: number): { value: Scalar; start: number } | undefined {
  if (s[i] !== '"') return undefined;
  for (let j = i - 1; j >= 0; j--) {
    if (s[j] !== '"') continue;
    let slashes = 0;
    for (let k = j - 1; k >= 0 && s[k] === "\\"; k--) slashes++;
    if (slashes % 2 === 1) continue;
    try {
      return { value: JSON.parse(s.slice(j, i + 1)) as string, start: j };
    } catch {
      return undefined;
    }
  }
  return undefined;
}
