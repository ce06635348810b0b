/**
 * A single-producer, single-consumer ring of byte records in a
 * SharedArrayBuffer: serve's forwarding thread copies each chunk in (one
 * memcpy, no allocation) and its telemetry thread takes them out: a fresh
 * buffer per copy costs page faults, and Deno's worker messages carry typed
 * arrays slowly; a shared ring costs neither (bench/README.md).
 *
 * A record is `[tag: u8][3 unused bytes][length: u32][bytes]`, starting at a
 * multiple of 8 (the ring's size is one too), so its bytes start 8-aligned
 * like the chunk they are copied from: V8 copies into shared memory word by
 * word only when both sides are aligned alike, byte by byte otherwise
 * (bench/README.md). When a record does not
 * fit, the producer drops it and puts a {@link GAP_TAG} record where it would
 * have been (as soon as there is room, or {@link RingWriter.flushGap}), so
 * the consumer can resynchronise instead of gluing unrelated bytes together.
 * The gap record's first byte says which tags lost records ({@link gapSides}),
 * so a consumer following two streams resynchronises only the one that lost
 * bytes; the rest is the ledger of what was dropped (telemetry/drop_ledger.ts:
 * each lost line's length, first and last bytes), from which serve's row
 * writer still makes the rows of the calls it belonged to.
 *
 * @module
 */

import { DropLedger, LEDGER_BYTES } from "./drop_ledger.ts";

/** The tag a consumer sees where records were dropped. */
export const GAP_TAG = 255;

/**
 * The sides whose records a gap record's bytes say were dropped, one bit
 * per tag (bit 0: tag 0); every side when the record does not say.
 */
export function gapSides(bytes: Uint8Array): number {
  return bytes.length > 0 ? bytes[0] : 0xff;
}

const HEADER = 8;
const EMPTY = new Uint8Array(0);
/**
 * The control word holding the write position: it changes with every record
 * written, so another thread can watch it for traffic (runtime/traffic_pause.ts).
 */
export const WRITE_POSITION_WORD = 0;
// Control words: [0] write position, [1] read position, [2] 1 while the
// consumer sleeps until the producer tells it about the next record, [3] the
// tag of the last record written, [4] how often the tag changed from one
// record to the next (a request and its answer: two changes).
const WRITE = WRITE_POSITION_WORD;
const READ = 1;
const ASLEEP = 2;
const LAST_TAG = 3;
const SWITCHES = 4;

/** The shared memory of a ring (pass it to the other thread). */
export interface RingMemory {
  /** Control words. */
  control: SharedArrayBuffer;
  /** The bytes. */
  data: SharedArrayBuffer;
}

/**
 * Allocates a ring of `capacity` bytes (rounded down to a multiple of 8),
 * its consumer asleep ({@link RingReader.sleep}).
 */
export function createRing(capacity: number): RingMemory {
  const control = new SharedArrayBuffer(5 * Int32Array.BYTES_PER_ELEMENT);
  Atomics.store(new Int32Array(control), ASLEEP, 1);
  return { control, data: new SharedArrayBuffer(capacity & ~7) };
}

/** `length` rounded up to a multiple of 8 (any size: a damaged header may claim 4 GB). */
function pad8(length: number): number {
  return Math.ceil(length / 8) * 8;
}

/** The producer side: {@link RingWriter.write} never blocks. */
export class RingWriter {
  readonly #ctl: Int32Array;
  readonly #data: Uint8Array;
  // What was dropped since the last gap record (allocated at the first drop).
  #ledger: DropLedger | undefined;
  #lastTag = 0;

  /** Wraps shared memory. */
  constructor(memory: RingMemory) {
    this.#ctl = new Int32Array(memory.control);
    this.#data = new Uint8Array(memory.data);
  }

  /** Bytes written and not yet taken. */
  get pending(): number {
    const size = this.#data.length;
    return (Atomics.load(this.#ctl, WRITE) - Atomics.load(this.#ctl, READ) + size) % size;
  }

  /** True while records were dropped and their gap record is not written yet. */
  get gapWaiting(): boolean {
    return this.#ledger?.waiting === true;
  }

  /**
   * True when the consumer sleeps ({@link RingReader.sleep}) and this call
   * is the one that must wake it (by a message of the caller's choosing):
   * once per sleep, whichever records were written since.
   */
  claimWake(): boolean {
    return Atomics.load(this.#ctl, ASLEEP) === 1 && Atomics.exchange(this.#ctl, ASLEEP, 0) === 1;
  }

  /**
   * Appends a record (`tag` below 8); returns false when it does not fit:
   * it is then dropped, kept in the ledger, and a gap record takes its place
   * (before the next record, as soon as there is room).
   */
  write(tag: number, bytes: Uint8Array): boolean {
    // Room stays free so that write === read means empty.
    if (this.#ledger?.waiting && !this.flushGap()) {
      this.#ledger.add(tag, bytes);
      return false;
    }
    if (HEADER + pad8(bytes.length) > this.#data.length - 1 - this.pending) {
      const limit = Math.min(LEDGER_BYTES, (this.#data.length >> 2) & ~7);
      (this.#ledger ??= new DropLedger(limit)).add(tag, bytes);
      return false;
    }
    const at = this.#record(tag, bytes, Atomics.load(this.#ctl, WRITE));
    if (tag !== this.#lastTag) {
      this.#lastTag = tag;
      Atomics.store(this.#ctl, LAST_TAG, tag);
      Atomics.add(this.#ctl, SWITCHES, 1);
    }
    Atomics.store(this.#ctl, WRITE, at);
    return true;
  }

  /**
   * Writes the waiting gap record when there is room for it; true when none
   * waits any more. Call it when no record may follow soon (the row writer
   * sees dropped bytes only once their gap record is written).
   */
  flushGap(): boolean {
    const ledger = this.#ledger;
    if (!ledger?.waiting) return true;
    if (HEADER + pad8(ledger.size) > this.#data.length - 1 - this.pending) return false;
    const at = this.#record(GAP_TAG, ledger.take(), Atomics.load(this.#ctl, WRITE));
    Atomics.store(this.#ctl, WRITE, at);
    return true;
  }

  #record(tag: number, bytes: Uint8Array, at: number): number {
    // The header (at a multiple of 8, so never split by the wrap) goes in
    // byte by byte and a chunk that does not wrap in one set(): no view or
    // other object is allocated per chunk.
    const data = this.#data;
    const size = data.length;
    const length = bytes.length;
    data[at] = tag;
    data[at + 4] = length >>> 24;
    data[at + 5] = (length >>> 16) & 0xff;
    data[at + 6] = (length >>> 8) & 0xff;
    data[at + 7] = length & 0xff;
    at = (at + HEADER) % size;
    const first = size - at;
    if (length <= first) {
      data.set(bytes, at);
    } else {
      data.set(bytes.subarray(0, first), at);
      data.set(bytes.subarray(first), 0);
    }
    return (at + pad8(length)) % size;
  }
}

/** The consumer side. */
export class RingReader {
  readonly #ctl: Int32Array;
  readonly #data: Uint8Array;

  /** Wraps shared memory. */
  constructor(memory: RingMemory) {
    this.#ctl = new Int32Array(memory.control);
    this.#data = new Uint8Array(memory.data);
  }

  /** Bytes written and not yet taken. */
  get pending(): number {
    const size = this.#data.length;
    return (Atomics.load(this.#ctl, WRITE) - Atomics.load(this.#ctl, READ) + size) % size;
  }

  /**
   * Faults every page of the ring in from this thread without changing a
   * byte (an atomic add of 0 per page), so the producer never pays the
   * first-touch page faults — safe while the producer writes.
   */
  prefault(): void {
    const words = new Int32Array(this.#data.buffer, 0, this.#data.length >> 2);
    for (let i = 0; i < words.length; i += 1024) Atomics.add(words, i, 0);
  }

  /**
   * Goes to sleep until the producer's next {@link RingWriter.claimWake}
   * says to wake this consumer. Returns false, staying awake, when records
   * are waiting that the producer wrote before the flag was up (so it will
   * not wake anyone for them): take them, then try again.
   */
  sleep(): boolean {
    Atomics.store(this.#ctl, ASLEEP, 1);
    return !(this.pending > 0 && Atomics.exchange(this.#ctl, ASLEEP, 0) === 1);
  }

  /** The tag of the last record written (0 before any). */
  get lastTag(): number {
    return Atomics.load(this.#ctl, LAST_TAG);
  }

  /**
   * How many times the tag changed between consecutive records written
   * (wrapping at 2³¹): messages going back and forth, counted without
   * reading them.
   */
  get switches(): number {
    return Atomics.load(this.#ctl, SWITCHES);
  }

  /** The ring's size in bytes. */
  get capacity(): number {
    return this.#data.length;
  }

  /**
   * Takes every record written so far, in order, as copies the caller owns;
   * where records were dropped there is a {@link GAP_TAG} record ({@link gapSides}).
   */
  take(): Array<[number, Uint8Array]> {
    const out: Array<[number, Uint8Array]> = [];
    let last: [number, Uint8Array] | undefined;
    let continued = false;
    this.visit((tag, bytes, more) => {
      if (continued && last) {
        const joined = new Uint8Array(last[1].length + bytes.length);
        joined.set(last[1]);
        joined.set(bytes, last[1].length);
        last[1] = joined;
      } else {
        last = [tag, bytes.slice()];
        out.push(last);
      }
      continued = more;
    });
    return out;
  }

  /**
   * Hands every record written so far to `visit`, in order, as views of the
   * shared memory — no copy, no allocation. A view is valid only during its
   * call (the producer reuses the memory afterwards). A record that wraps
   * round the end of the ring comes in two calls, the first with `more` set.
   * Where records were dropped, `visit` sees {@link GAP_TAG} with the sides
   * that lost them ({@link gapSides}); with no bytes where it cannot tell.
   */
  visit(visit: (tag: number, bytes: Uint8Array, more: boolean) => void): void {
    const data = this.#data;
    const size = data.length;
    const end = Atomics.load(this.#ctl, WRITE);
    let at = Atomics.load(this.#ctl, READ);
    while (at !== end) {
      const available = (end - at + size) % size;
      let length = Infinity;
      if (available >= HEADER) {
        length = 0;
        for (let i = 4; i < HEADER; i++) length = length * 256 + data[at + i];
      }
      if (HEADER + pad8(length) > available) {
        // Never expected; if the ring were ever damaged, skip what is there.
        Atomics.store(this.#ctl, READ, end);
        visit(GAP_TAG, EMPTY, false);
        return;
      }
      const tag = data[at];
      const from = (at + HEADER) % size;
      const first = Math.min(length, size - from);
      at = (from + pad8(length)) % size;
      if (first < length) {
        visit(tag, data.subarray(from, size), true);
        visit(tag, data.subarray(0, length - first), false);
      } else {
        visit(tag, data.subarray(from, from + length), false);
      }
      // Each record's room goes back to the producer as soon as it was read.
      Atomics.store(this.#ctl, READ, at);
    }
  }
}
