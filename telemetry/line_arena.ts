/**
 * Shared memory for big lines on their way from serve's row writer to its
 * tokenizer thread. Moving a big line between threads by message is dear
 * on both runtimes (typed arrays on Deno, copied or transferred; a string on
 * Node), and a fresh buffer costs page faults (bench/README.md). A line
 * copied into this arena
 * costs a memcpy into memory already touched, and the tokenizer thread is
 * told only where it is.
 *
 * Regions are handed out in order round the buffer and may be freed in any
 * order; the space of a freed region is reused once every region allocated
 * before it is freed too. The owner (the row writer) allocates and frees; the
 * other thread only reads a region between being told of it and answering.
 *
 * @module
 */

/** A region of the arena holding one line. */
export interface ArenaRegion {
  /** Byte offset in the arena. */
  at: number;
  /** The line's bytes (a view of the shared memory). */
  bytes: Uint8Array;
}

/** The allocating side of an arena. */
export class LineArena {
  /** The shared memory (pass it to the reading thread). */
  readonly memory: SharedArrayBuffer;
  readonly #data: Uint8Array;
  // Live regions in allocation order: [at, end, freed].
  #live: Array<[number, number, boolean]> = [];

  /** Creates an arena of `capacity` bytes (untouched until used). */
  constructor(capacity: number) {
    this.memory = new SharedArrayBuffer(capacity);
    this.#data = new Uint8Array(this.memory);
  }

  /** Bytes held by regions not yet reusable. */
  get used(): number {
    let n = 0;
    for (const [at, end] of this.#live) n += end - at;
    return n;
  }

  /** A region of `size` bytes, or undefined when it does not fit now. */
  alloc(size: number): ArenaRegion | undefined {
    const cap = this.#data.length;
    if (size <= 0 || size > cap) return undefined;
    let at: number;
    if (this.#live.length === 0) {
      at = 0;
    } else {
      const tail = this.#live[0][0];
      // Regions start 8-aligned: V8 copies into shared memory word by word
      // only when both sides are aligned alike, byte by byte otherwise
      // (telemetry/byte_ring.ts).
      const head = align8(this.#live[this.#live.length - 1][1]);
      if (head > tail) {
        // Not wrapped: room after head, else from the start up to tail.
        if (cap - head >= size) at = head;
        else if (tail >= size) at = 0;
        else return undefined;
      } else {
        if (tail - head >= size) at = head;
        else return undefined;
      }
    }
    this.#live.push([at, at + size, false]);
    return { at, bytes: this.#data.subarray(at, at + size) };
  }

  /** Frees the region at `at` (its memory is reused later). */
  free(at: number): void {
    const region = this.#live.find((r) => r[0] === at && !r[2]);
    if (!region) return;
    region[2] = true;
    while (this.#live.length > 0 && this.#live[0][2]) this.#live.shift();
  }

  /** True when `bytes` is a view of this arena. */
  holds(bytes: Uint8Array): boolean {
    return bytes.buffer === this.memory;
  }
}

function align8(offset: number): number {
  return (offset + 7) & ~7;
}

/** A region's bytes as seen from the reading thread. */
export function arenaView(memory: SharedArrayBuffer, at: number, length: number): Uint8Array {
  return new Uint8Array(memory, at, length);
}

/**
 * Touches every page of an arena from the calling thread without changing a
 * byte (an atomic add of 0 per page), so the thread that fills it never pays
 * the first-touch page faults — safe while the other thread writes.
 */
export function prefaultArena(memory: SharedArrayBuffer): void {
  const words = new Int32Array(memory, 0, memory.byteLength >> 2);
  for (let i = 0; i < words.length; i += 1024) Atomics.add(words, i, 0);
}
