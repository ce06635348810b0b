/**
 * A growing array of numbers stored in fixed-size typed chunks: appending
 * never copies nor frees (growth by doubling copied every column each time
 * and left the freed arrays' pages to the allocator), and a chunk that
 * would hold only its blank value is never allocated. The scan's running
 * merge (`_merge.ts`) and key set (`_keys.ts`) grow to hundreds of thousands
 * of rows; most hosts log no cost, multiplier or reasoning, so those columns
 * cost nothing.
 *
 * @module
 */

import { release } from "./_release.ts";

/** The typed arrays a {@link Chunked} can hold. */
export type ChunkArray = Float64Array | Int32Array | Uint32Array | Uint8Array;

/** Rows per chunk (a power of two). */
export const CHUNK_ROWS: number = 1 << 14;
const SHIFT = 14;
const MASK = CHUNK_ROWS - 1;

/**
 * Numbers by index in chunks of {@link CHUNK_ROWS}. A chunk whose values are
 * all `blank` is not allocated: a cost column with no logged cost, a
 * reasoning column of a host without reasoning cost nothing.
 */
export class Chunked {
  /** The chunks, in order; undefined where every value is `blank`. */
  readonly chunks: (ChunkArray | undefined)[] = [];

  /**
   * A chunked array whose chunks `make` allocates, reading `blank` where none
   * was set. With `widen`, a chunk that cannot hold a value set in it exactly
   * (a token count of a 32-bit chunk past 2³²−1, a fraction) becomes a
   * Float64Array chunk: most counts fit 4 bytes, and none is ever rounded.
   */
  constructor(
    private readonly make: (n: number) => ChunkArray,
    private readonly blank = 0,
    private readonly widen = false,
  ) {}

  /** Makes room for indexes below `n`. */
  ensure(n: number): void {
    while (this.chunks.length * CHUNK_ROWS < n) this.chunks.push(undefined);
  }

  /** The value at `i`. */
  get(i: number): number {
    const chunk = this.chunks[i >>> SHIFT];
    return chunk ? chunk[i & MASK] : this.blank;
  }

  /** Sets the value at `i` (within room made by {@link Chunked.ensure}). */
  set(i: number, v: number): void {
    let chunk = this.chunks[i >>> SHIFT];
    if (!chunk) {
      if (Object.is(v, this.blank)) return;
      chunk = this.chunks[i >>> SHIFT] = this.make(CHUNK_ROWS);
      if (!Object.is(this.blank, 0)) chunk.fill(this.blank);
    }
    const at = i & MASK;
    chunk[at] = v;
    if (this.widen && chunk[at] !== v && !(chunk instanceof Float64Array)) {
      const wide = new Float64Array(CHUNK_ROWS);
      wide.set(chunk);
      wide[at] = v;
      this.chunks[i >>> SHIFT] = wide;
      release(chunk);
    }
  }

  /** Frees every chunk now (`_release.ts`) and empties the array. */
  release(): void {
    release(...this.chunks);
    this.chunks.length = 0;
  }

  /** Copies the values at `order[0]`, `order[1]`, … into `out`. */
  gather<T extends ChunkArray>(out: T, order: ArrayLike<number>): T {
    for (let r = 0; r < order.length; r++) out[r] = this.get(order[r]);
    return out;
  }
}
