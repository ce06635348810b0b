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
import { readHead, readTail } from "./json_ends.ts";

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

const decoder = new TextDecoder();

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
