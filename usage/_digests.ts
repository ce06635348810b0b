/**
 * A set of request keys held as 128-bit digests: what a platform's running
 * merge (`_dedup.ts`) and its kept snapshot (`<platform>.keys.bin`) identify
 * requests by. 16 bytes a key plus its table slot, whatever the key's length,
 * where a {@link KeySet} holds the key's bytes and 16 bytes of bookkeeping
 * (Claude Code keys run to ~60 bytes, Codex keys to ~110).
 *
 * Collisions. The digest is MurmurHash3 x86_128 of the key's bytes
 * (`writeKey`), 128 bits. Two distinct keys are one only if all 128 bits
 * agree: treating digests of distinct keys as random, the chance that any two
 * of n keys collide is below n² / 2¹²⁹. A GB of logs holds ~2.6 × 10⁵
 * requests (the generated 1 GB tree: 262,298), so ~10⁻²⁸ per GB; 10⁸ requests
 * (~400 GB of logs) stay under 1.5 × 10⁻²³. A collision would make the two
 * requests one (the row `prefers` of `_rows.ts` picks would count, the other not),
 * so the fixtures' keys are checked to digest apart (`_digests_test.ts`).
 * MurmurHash3 is not built to resist keys chosen to collide; host log ids
 * (random message, request and rollout ids with times) are not chosen that
 * way, and a user could only lower their own totals by forging their own
 * logs. Where the keys themselves are needed — merging one source's kept and
 * appended rows back into its rows file (`mergeRows`), a delta's new keys —
 * they stay exact ({@link KeySet}, strings).
 *
 * @module
 */

import { Chunked } from "./_chunks.ts";
import { writeKey } from "./_keys.ts";
import type { ByteReader, ByteWriter } from "./_codec.ts";
import { release } from "./_release.ts";

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;

const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const u32 = (b: Uint8Array, i: number) =>
  b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24);

/** MurmurHash3 x86_128 of `b[start, end)` with `seed`, as four int32 words into `out`. */
export function digest128(
  b: Uint8Array,
  start: number,
  end: number,
  out: Int32Array,
  seed = 0,
): void {
  const len = end - start;
  let h1 = seed | 0, h2 = seed | 0, h3 = seed | 0, h4 = seed | 0;
  let i = start;
  for (; i + 16 <= end; i += 16) {
    h1 ^= Math.imul(rotl(Math.imul(u32(b, i), C1), 15), C2);
    h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x561ccd1b) | 0;
    h2 ^= Math.imul(rotl(Math.imul(u32(b, i + 4), C2), 16), C3);
    h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0bcaa747) | 0;
    h3 ^= Math.imul(rotl(Math.imul(u32(b, i + 8), C3), 17), C4);
    h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96cd1c35) | 0;
    h4 ^= Math.imul(rotl(Math.imul(u32(b, i + 12), C4), 18), C1);
    h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32ac3b17) | 0;
  }
  const rest = end - i;
  if (rest > 0) {
    let k1 = 0, k2 = 0, k3 = 0, k4 = 0;
    for (let j = 0; j < rest; j++) {
      const v = b[i + j] << ((j & 3) * 8);
      if (j < 4) k1 |= v;
      else if (j < 8) k2 |= v;
      else if (j < 12) k3 |= v;
      else k4 |= v;
    }
    if (rest > 12) h4 ^= Math.imul(rotl(Math.imul(k4, C4), 18), C1);
    if (rest > 8) h3 ^= Math.imul(rotl(Math.imul(k3, C3), 17), C4);
    if (rest > 4) h2 ^= Math.imul(rotl(Math.imul(k2, C2), 16), C3);
    h1 ^= Math.imul(rotl(Math.imul(k1, C1), 15), C2);
  }
  h1 ^= len, h2 ^= len, h3 ^= len, h4 ^= len;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0, h3 = (h3 + h1) | 0, h4 = (h4 + h1) | 0;
  h1 = fmix(h1), h2 = fmix(h2), h3 = fmix(h3), h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  out[0] = h1;
  out[1] = (h2 + h1) | 0;
  out[2] = (h3 + h1) | 0;
  out[3] = (h4 + h1) | 0;
}

/** Request keys by slot (0, 1, 2, … in insertion order), as digests; the keys themselves are not kept. */
export class DigestSet {
  private readonly words = [0, 1, 2, 3].map(() => new Chunked((n) => new Int32Array(n)));
  private table = new Int32Array(1 << 10); // slot + 1, 0 = empty; length a power of two
  private readonly d = new Int32Array(4);
  private scratch = new Uint8Array(256);
  /** Keys held. */
  size = 0;

  /** The slot of `key`, adding it when absent: the slot, or `-1 - slot` when the key was new. */
  add(key: string): number {
    if (this.scratch.length < key.length * 3) this.scratch = new Uint8Array(key.length * 3);
    return this.addBytes(this.scratch, 0, writeKey(key, this.scratch, 0));
  }

  /**
   * Like {@link DigestSet.add}, for a key encoded by `writeKey` as
   * `src[start, end)` (a `KeySet`'s 32-bit hash, when given, is not used).
   */
  addBytes(src: Uint8Array, start: number, end: number, _hash?: number): number {
    const d = this.d;
    digest128(src, start, end, d);
    const [w0, w1, w2, w3] = this.words;
    const mask = this.table.length - 1;
    let i = d[0] & mask;
    for (;; i = (i + 1) & mask) {
      const s = this.table[i] - 1;
      if (s < 0) break;
      if (w0.get(s) === d[0] && w1.get(s) === d[1] && w2.get(s) === d[2] && w3.get(s) === d[3]) {
        return s;
      }
    }
    const slot = this.size++;
    for (let w = 0; w < 4; w++) {
      this.words[w].ensure(slot + 1);
      this.words[w].set(slot, d[w]);
    }
    if (this.size * 2 > this.table.length) {
      const grown = new Int32Array(this.table.length * 2);
      release(this.table);
      this.table = grown;
      for (let s = 0; s < this.size; s++) this.place(s);
    } else this.table[i] = slot + 1;
    return -1 - slot;
  }

  /** Bytes {@link DigestSet.write} writes, besides alignment. */
  get bytes(): number {
    return 4 + this.size * 16;
  }

  /**
   * Appends the set to `w`: the count, then each of the four digest words of
   * every key in the order of slots `order` (default: slot order), so
   * {@link DigestSet.read} (or {@link DigestIndex}) gives key `order[i]` slot `i`.
   */
  write(w: ByteWriter, order?: ArrayLike<number>): void {
    w.u32(this.size);
    for (const words of this.words) {
      if (order) w.u32s(this.size, (i) => words.get(order[i]));
      else w.u32s(this.size, (i) => words.get(i));
    }
  }

  /** Reads a set written by {@link DigestSet.write}. */
  static read(r: ByteReader): DigestSet {
    const size = r.u32();
    const words = [0, 1, 2, 3].map(() => r.typed(4, size));
    const out = new DigestSet();
    let table = 1 << 10;
    while (size * 2 > table) table *= 2;
    out.table = new Int32Array(table);
    for (let w = 0; w < 4; w++) {
      const to = out.words[w];
      to.ensure(size);
      const from = words[w];
      for (let s = 0; s < size; s++) to.set(s, from[s] | 0);
    }
    out.size = size;
    for (let s = 0; s < size; s++) out.place(s);
    return out;
  }

  /** Frees the set's memory now (`_release.ts`); it is empty and unusable afterwards. */
  release(): void {
    for (const w of this.words) w.release();
    release(this.table);
    this.size = 0;
  }

  private place(slot: number): void {
    const mask = this.table.length - 1;
    let i = this.words[0].get(slot) & mask;
    while (this.table[i] !== 0) i = (i + 1) & mask;
    this.table[i] = slot + 1;
  }
}

/**
 * Digests written by {@link DigestSet.write}, searched in place: a hash table
 * over the saved first words, built in one pass, instead of a set rebuilt
 * key by key (what a small append is merged against: `_delta.ts`).
 */
export class DigestIndex {
  /** Keys held. */
  readonly size: number;
  private readonly words: ArrayLike<number>[];
  private readonly slots: Int32Array;
  private readonly d = new Int32Array(4);
  private scratch = new Uint8Array(256);

  /** Reads digests written by {@link DigestSet.write} from `r`. */
  constructor(r: ByteReader) {
    const size = this.size = r.u32();
    this.words = [0, 1, 2, 3].map(() => r.typed(4, size));
    let n = 1 << 10;
    while (size * 2 > n) n *= 2;
    this.slots = new Int32Array(n);
    const mask = n - 1;
    const first = this.words[0];
    for (let s = 0; s < size; s++) {
      let i = first[s] & mask;
      while (this.slots[i] !== 0) i = (i + 1) & mask;
      this.slots[i] = s + 1;
    }
  }

  /** The slot of `key`, or -1. */
  find(key: string): number {
    if (this.scratch.length < key.length * 3) this.scratch = new Uint8Array(key.length * 3);
    const d = this.d;
    digest128(this.scratch, 0, writeKey(key, this.scratch, 0), d);
    const [w0, w1, w2, w3] = this.words;
    const mask = this.slots.length - 1;
    for (let i = d[0] & mask;; i = (i + 1) & mask) {
      const s = this.slots[i] - 1;
      if (s < 0) return -1;
      if (
        (w0[s] | 0) === d[0] && (w1[s] | 0) === d[1] && (w2[s] | 0) === d[2] &&
        (w3[s] | 0) === d[3]
      ) return s;
    }
  }
}
