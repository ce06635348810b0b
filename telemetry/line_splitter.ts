/**
 * Reassembles newline-delimited messages from byte chunks without copying
 * more than once: chunks are kept as they come and joined only when a line
 * ends. Lines are returned as bytes (UTF-8 is decoded once per whole line,
 * so a character split across chunks is never damaged).
 *
 * @module
 */

/** Splits a byte stream into lines (the `\n` is dropped; a trailing `\r` is kept). */
export class LineSplitter {
  #parts: Uint8Array[] = [];
  #size = 0;
  #discarding = false;
  readonly #maxLine: number;

  /**
   * Creates a splitter. A line longer than `maxLine` bytes is dropped whole
   * (its bytes are not kept), so memory stays bounded.
   */
  constructor(maxLine: number = 64 * 1024 * 1024) {
    this.#maxLine = maxLine;
  }

  /** Feeds a chunk; returns the lines it completed, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const lines: Uint8Array[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      const tail = chunk.subarray(start, nl);
      if (this.#discarding) {
        this.#discarding = false;
      } else if (this.#parts.length === 0) {
        if (tail.length > 0) lines.push(tail);
      } else {
        this.#parts.push(tail);
        const line = join(this.#parts, this.#size + tail.length);
        if (line.length > 0) lines.push(line);
      }
      this.#parts = [];
      this.#size = 0;
      start = nl + 1;
    }
    if (start < chunk.length && !this.#discarding) {
      const rest = chunk.subarray(start);
      if (this.#size + rest.length > this.#maxLine) {
        this.#parts = [];
        this.#size = 0;
        this.#discarding = true;
      } else {
        this.#parts.push(rest);
        this.#size += rest.length;
      }
    }
    return lines;
  }

  /** Drops the unfinished line and skips to the next line end (after lost bytes). */
  reset(): void {
    this.#parts = [];
    this.#size = 0;
    this.#discarding = true;
  }

  /** Bytes held for an unfinished line. */
  get pending(): number {
    return this.#size;
  }
}

function join(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
