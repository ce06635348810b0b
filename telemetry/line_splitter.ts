/**
 * Reassembles newline-delimited messages from byte chunks it only borrows,
 * so the caller may pass views of memory it reuses (serve's shared ring):
 * line ends are found in the chunk itself, and each line's bytes are copied
 * exactly once, into a buffer of the line's own size that the caller keeps.
 * The unfinished part of a line waits in one reusable buffer: copying into
 * memory already touched costs far less than the page faults of fresh
 * memory (bench/README.md).
 * Lines are returned as bytes, so UTF-8 is decoded once per whole line and a
 * character split across chunks is never damaged.
 *
 * @module
 */

import { findNewline } from "./find_newline.ts";

/** The unfinished-line buffer keeps its memory up to this size between lines. */
export const KEEP_BUFFER_BYTES: number = 8 * 1024 * 1024;
const FIRST_BUFFER_BYTES = 64 * 1024;

/** Splits a byte stream into lines (the `\n` is dropped; a trailing `\r` is kept). */
export class LineSplitter {
  #buffer = new Uint8Array(0);
  #size = 0;
  #discarding = false;
  readonly #maxLine: number;
  readonly #alloc: (size: number) => Uint8Array;
  readonly #skipped: ((bytes: Uint8Array, lineEnded: boolean) => void) | undefined;

  /**
   * Creates a splitter. A line longer than `maxLine` bytes is dropped whole
   * (its bytes are not kept), so memory stays bounded. `alloc` gives the
   * memory each finished line is copied into (serve puts big lines in a
   * shared arena, telemetry/line_arena.ts); a fresh buffer by default.
   * `skipped` sees the bytes skipped after a {@link LineSplitter.reset}, as
   * views valid during the call, and whether the line ended there.
   */
  constructor(
    maxLine: number = 64 * 1024 * 1024,
    alloc: (size: number) => Uint8Array = (size) => new Uint8Array(size),
    skipped?: (bytes: Uint8Array, lineEnded: boolean) => void,
  ) {
    this.#maxLine = maxLine;
    this.#alloc = alloc;
    this.#skipped = skipped;
  }

  /**
   * Feeds a chunk, read during the call and never kept; returns the lines it
   * completed, in order, as copies the caller owns.
   */
  push(chunk: Uint8Array): Uint8Array[] {
    const lines: Uint8Array[] = [];
    let start = 0;
    for (;;) {
      const nl = findNewline(chunk, start);
      if (nl === -1) break;
      const tail = chunk.subarray(start, nl);
      if (this.#discarding) {
        this.#discarding = false;
        this.#skipped?.(chunk.subarray(start, nl), true);
      } else if (this.#size === 0) {
        if (tail.length > 0) {
          const line = this.#alloc(tail.length);
          line.set(tail);
          lines.push(line);
        }
      } else {
        const line = this.#alloc(this.#size + tail.length);
        line.set(this.#buffer.subarray(0, this.#size));
        line.set(tail, this.#size);
        lines.push(line);
      }
      this.#clear();
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (this.#discarding) this.#skipped?.(rest, false);
      else if (this.#size + rest.length > this.#maxLine) this.reset();
      else this.#append(rest);
    }
    return lines;
  }

  /**
   * Drops the unfinished line and skips to the next line end (after lost
   * bytes); returns the dropped bytes, valid until the next call.
   */
  reset(): Uint8Array {
    const dropped = this.#buffer.subarray(0, this.#size);
    this.#clear();
    this.#discarding = true;
    return dropped;
  }

  /** Stops skipping after a {@link LineSplitter.reset}: the next byte starts a line. */
  resume(): void {
    this.#discarding = false;
  }

  /** Bytes held for an unfinished line. */
  get pending(): number {
    return this.#size;
  }

  #clear(): void {
    this.#size = 0;
    if (this.#buffer.length > KEEP_BUFFER_BYTES) this.#buffer = new Uint8Array(0);
  }

  #append(bytes: Uint8Array): void {
    const need = this.#size + bytes.length;
    if (need > this.#buffer.length) {
      let size = Math.max(FIRST_BUFFER_BYTES, this.#buffer.length * 2);
      while (size < need) size *= 2;
      const grown = new Uint8Array(Math.min(size, Math.max(need, this.#maxLine)));
      grown.set(this.#buffer.subarray(0, this.#size));
      this.#buffer = grown;
    }
    this.#buffer.set(bytes, this.#size);
    this.#size = need;
  }
}
