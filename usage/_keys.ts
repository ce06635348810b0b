/**
 * An exact set of request keys held outside the JS heap: each key's UTF-16
 * code units, one to three bytes each (CESU-8 style, so any string, even one
 * with a lone surrogate, has its own bytes), in byte chunks, found through an
 * open-addressing table of typed arrays. Lookups compare the bytes, never
 * only a hash.
 *
 * Why not a `Map<string, number>`: a key here costs its length plus 16
 * bytes, out of the collector's sight (a Map entry and its string cost several times that in
 * heap); keys sent by a worker are added from their bytes without
 * becoming strings. The keys of a running merge (`_merge.ts`).
 *
 * @module
 */

import { Chunked } from "./_chunks.ts";
import { release } from "./_release.ts";

const ARENA_CHUNK = 1 << 20;

/** Request keys by slot (0, 1, 2, … in insertion order). */
export class KeySet {
  private arenas: Uint8Array[] = [];
  private arenaUsed = 0; // bytes used in the last arena chunk
  private where = new Chunked((n) => new Uint32Array(n)); // arena chunk of each slot
  private starts = new Chunked((n) => new Uint32Array(n));
  private lengths = new Chunked((n) => new Uint32Array(n));
  private hashes = new Chunked((n) => new Uint32Array(n));
  private table = new Int32Array(1 << 10); // slot + 1, 0 = empty; length a power of two
  private scratch = new Uint8Array(256);
  /** Keys held. */
  size = 0;
  /** Bytes of all keys. */
  bytes = 0;

  private same(slot: number, src: Uint8Array, start: number, len: number): boolean {
    if (this.lengths.get(slot) !== len) return false;
    const a = this.arenas[this.where.get(slot)];
    const from = this.starts.get(slot);
    for (let i = 0; i < len; i++) if (a[from + i] !== src[start + i]) return false;
    return true;
  }

  /**
   * The slot of `key`, adding it when absent. Returns the slot, or `-1 - slot`
   * when the key was new.
   */
  add(key: string): number {
    if (this.scratch.length < key.length * 3) this.scratch = new Uint8Array(key.length * 3);
    return this.addBytes(this.scratch, 0, writeKey(key, this.scratch, 0));
  }

  /**
   * Like {@link KeySet.add}, for a key already encoded as `src[start, end)`
   * whose {@link hashKey} is `h` (workers send it, so this thread does not
   * hash).
   */
  addBytes(
    src: Uint8Array,
    start: number,
    end: number,
    h: number = hashKey(src, start, end),
  ): number {
    const len = end - start;
    const mask = this.table.length - 1;
    for (let i = h & mask;; i = (i + 1) & mask) {
      const s = this.table[i] - 1;
      if (s < 0) break;
      if (this.hashes.get(s) === h && this.same(s, src, start, len)) return s;
    }
    const slot = this.size;
    this.append(src, start, len, h);
    return -1 - slot;
  }

  /** Stores a key known to be new. */
  private append(src: Uint8Array, start: number, len: number, h: number): void {
    const slot = this.size;
    let arena = this.arenas[this.arenas.length - 1];
    if (!arena || this.arenaUsed + len > arena.length) {
      arena = new Uint8Array(Math.max(ARENA_CHUNK, len));
      this.arenas.push(arena);
      this.arenaUsed = 0;
    }
    const at = this.arenaUsed;
    for (let i = 0; i < len; i++) arena[at + i] = src[start + i]; // short: no subarray object
    this.arenaUsed += len;
    this.bytes += len;
    this.where.ensure(slot + 1);
    this.starts.ensure(slot + 1);
    this.lengths.ensure(slot + 1);
    this.hashes.ensure(slot + 1);
    this.where.set(slot, this.arenas.length - 1);
    this.starts.set(slot, at);
    this.lengths.set(slot, len);
    this.hashes.set(slot, h);
    this.size++;
    if (this.size * 2 > this.table.length) {
      const grown = new Int32Array(this.table.length * 2);
      release(this.table);
      this.table = grown;
      for (let s = 0; s < this.size; s++) this.place(s);
    } else this.place(slot);
  }

  private place(slot: number): void {
    const mask = this.table.length - 1;
    let i = this.hashes.get(slot) & mask;
    while (this.table[i] !== 0) i = (i + 1) & mask;
    this.table[i] = slot + 1;
  }

  /** Frees the set's memory now (`_release.ts`); it is empty and unusable afterwards. */
  release(): void {
    release(...this.arenas, this.table);
    for (const c of [this.where, this.starts, this.lengths, this.hashes]) c.release();
    this.arenas = [];
    this.size = 0;
    this.bytes = 0;
  }

  /** The key in `slot`. */
  key(slot: number): string {
    const from = this.starts.get(slot);
    return readKey(this.arenas[this.where.get(slot)], from, from + this.lengths.get(slot));
  }
}

/**
 * Writes `key`'s code units to `out` from `at` (room for three bytes a unit
 * needed) and returns where they end: one byte below 0x80, two below 0x800,
 * else three, each unit on its own, so every string has its own bytes.
 */
export function writeKey(key: string, out: Uint8Array, at: number): number {
  let n = at;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return n;
}

/** The key written by {@link writeKey} in `bytes[start, end)`. */
export function readKey(bytes: Uint8Array, start: number, end: number): string {
  let out = "";
  for (let i = start; i < end;) {
    const c = bytes[i];
    if (c < 0x80) {
      out += String.fromCharCode(c);
      i += 1;
    } else if (c < 0xe0) {
      out += String.fromCharCode(((c & 0x1f) << 6) | (bytes[i + 1] & 0x3f));
      i += 2;
    } else {
      out += String.fromCharCode(
        ((c & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f),
      );
      i += 3;
    }
  }
  return out;
}

/** FNV-1a of `bytes[start, end)`, the hash a {@link KeySet} files a key under. */
export function hashKey(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/** Encodes `keys` as an arena, each key's end in it and each key's {@link hashKey}. */
export function encodeKeys(
  keys: readonly string[],
): { arena: Uint8Array; ends: Uint32Array; hashes: Uint32Array } {
  let room = 0;
  for (const k of keys) room += k.length * 3;
  const arena = new Uint8Array(room);
  const ends = new Uint32Array(keys.length);
  const hashes = new Uint32Array(keys.length);
  let at = 0;
  for (let i = 0; i < keys.length; i++) {
    const end = writeKey(keys[i], arena, at);
    hashes[i] = hashKey(arena, at, end);
    ends[i] = at = end;
  }
  return { arena: arena.subarray(0, at), ends, hashes };
}
