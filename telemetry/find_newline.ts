/**
 * Finds the next `\n` in a byte chunk four bytes at a time. Serve's row
 * writer looks for line ends in every chunk it takes from the ring, views of
 * a SharedArrayBuffer, where `Uint8Array.prototype.indexOf` reads a byte at a
 * time: that was most of the row writer's CPU while a big result was in
 * flight, and this word-wise scan is faster on both runtimes
 * (bench/README.md).
 *
 * @module
 */

const NEWLINES = 0x0a0a0a0a;
const ONES = 0x01010101;
const HIGHS = 0x80808080;
/** Below this many bytes a plain indexOf is cheaper than setting up the word view. */
const WORDWISE_FROM = 64;

/** The index of the first `\n` in `chunk` at or after `from`, or -1 (as `indexOf(10, from)`). */
export function findNewline(chunk: Uint8Array, from = 0): number {
  const n = chunk.length;
  if (n - from < WORDWISE_FROM) return chunk.indexOf(0x0a, from);
  const base = chunk.byteOffset;
  let i = from;
  // Bytes up to the first 4-aligned offset of the underlying buffer.
  while (((base + i) & 3) !== 0) {
    if (chunk[i] === 0x0a) return i;
    i++;
  }
  const words = (n - i) >> 2;
  const view = new Int32Array(chunk.buffer, base + i, words);
  for (let k = 0; k < words; k++) {
    // A word has a zero byte iff (v - 0x01…) & ~v & 0x80… is non-zero; v is
    // the word with every "\n" byte turned to zero. Which byte is checked below.
    const v = view[k] ^ NEWLINES;
    if (((v - ONES) & ~v & HIGHS) !== 0) {
      const at = i + k * 4;
      for (let j = at; j < at + 4; j++) if (chunk[j] === 0x0a) return j;
    }
  }
  i += words * 4;
  for (; i < n; i++) if (chunk[i] === 0x0a) return i;
  return -1;
}
