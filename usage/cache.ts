/**
 * Hashes and file reads of the usage cache (`_cursors.ts` keeps one cursor
 * per source; `_results.ts` keeps report results): the cyrb53 hash of
 * strings and bytes, the head hash that tells a rewritten file from an
 * appended one, and reading a cache file into a buffer of its own.
 *
 * Counts and ids only: never a byte of prompt text (byte samples are hashed).
 *
 * @module
 */

import { denoFs } from "../edge/runtime_info.ts";
import { nodeFs } from "../edge/node_fs.ts";

const DENO_READ = denoFs()?.readFile;

/**
 * The bytes of a binary cache file, in a buffer of their own (offset 0, so
 * typed views over them line up); throws when it cannot be read. Under Deno
 * through its own read (a fresh buffer); on Node through one fd (under Deno,
 * `node:fs` `readFileSync` of the kept files cost 60–95 ms of CPU
 * on a re-scan's first (cold) call, the fd 25 ms).
 */
export function readCacheFile(path: string): Uint8Array {
  if (DENO_READ) return DENO_READ(path);
  const { openSync, fstatSync, readSync, closeSync } = nodeFs();
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const out = new Uint8Array(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, out, at, size - at, at);
      if (n <= 0) break; // it shrank: the length checks of the reader reject it
      at += n;
    }
    return out.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * Hashes the first bytes of the file and the bytes just before `end`, so a
 * file rewritten under the same or a larger size is told from an append.
 */
export function headHash(fd: number, end: number): string {
  const { readSync } = nodeFs();
  const span = 256;
  const buf = new Uint8Array(Math.min(span, end) + Math.min(span, end));
  const first = Math.min(span, end);
  readSync(fd, buf, 0, first, 0);
  readSync(fd, buf, first, Math.min(span, end), Math.max(0, end - span));
  return hashBytes(buf);
}

const NUMBER = new Float64Array(1);
const NUMBER_BYTES = new Uint8Array(NUMBER.buffer);
const NUMBER_WORDS = new Uint32Array(NUMBER.buffer);

/**
 * The 53-bit cyrb53 hash, fed piece by piece: bytes as they are, strings as
 * their UTF-16 code units low byte first. `new Cyrb53().add(a).add(b).digest()`
 * equals `hashString(a + b)` without building `a + b` (a listing's
 * fingerprint covers every source: about 1 MB of text on a large history).
 */
export class Cyrb53 {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  /** Feeds `text`'s code units. */
  add(text: string): this {
    let { h1, h2 } = this;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const lo = c & 255;
      const hi = c >>> 8;
      h1 = Math.imul(h1 ^ lo, 2654435761);
      h2 = Math.imul(h2 ^ lo, 1597334677);
      h1 = Math.imul(h1 ^ hi, 2654435761);
      h2 = Math.imul(h2 ^ hi, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /**
   * Feeds the 8 bytes of `n` as a float64, the same on every run of this
   * machine: hashing a listing's sizes and mtimes as bytes skipped turning
   * ~25,000 numbers into text on every re-scan (most mtimes have fractions).
   */
  addNumber(n: number): this {
    NUMBER[0] = n;
    return this.addBytes(NUMBER_BYTES);
  }

  /**
   * Feeds `text` one whole UTF-16 code unit a step: half the steps of
   * {@link Cyrb53.add} (and a different hash), for hashes that only need to
   * stay equal from run to run, such as a listing's fingerprint.
   */
  addUnits(text: string): this {
    let { h1, h2 } = this;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /**
   * Feeds the float64 `n` as its two 32-bit words: a quarter of the steps of
   * {@link Cyrb53.addNumber} (and a different hash).
   */
  addWords(n: number): this {
    NUMBER[0] = n;
    const lo = NUMBER_WORDS[0];
    const hi = NUMBER_WORDS[1];
    this.h1 = Math.imul(Math.imul(this.h1 ^ lo, 2654435761) ^ hi, 2654435761);
    this.h2 = Math.imul(Math.imul(this.h2 ^ lo, 1597334677) ^ hi, 1597334677);
    return this;
  }

  /** Feeds `bytes`. */
  addBytes(bytes: Uint8Array): this {
    let { h1, h2 } = this;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /** The hash of everything fed, as base 36. */
  digest(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
  }
}

/** A 53-bit string hash of bytes (cyrb53), as base 36. */
export function hashBytes(bytes: Uint8Array): string {
  return new Cyrb53().addBytes(bytes).digest();
}

/** A 53-bit hash of a string's UTF-16 code units (low byte first), as base 36. */
export function hashString(text: string): string {
  return new Cyrb53().add(text).digest();
}
