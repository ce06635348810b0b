/**
 * What serve's forwarding thread keeps of the chunks its shared ring
 * (telemetry/byte_ring.ts) had no room for, so that a call whose bytes were
 * dropped still gets its row (labeled as estimated from size) instead of
 * none. Per line piece of each dropped chunk it keeps the byte length, the
 * first {@link LINE_HEAD_BYTES} and the last {@link LINE_TAIL_BYTES} bytes —
 * where a JSON-RPC message keeps its `id`, `method` and tool name, whichever
 * order the client writes them in (the TypeScript SDK writes `id` last) —
 * and whether a line end followed. The record goes into the ring's gap
 * record, in order with the chunks around it; the row writer reads it back
 * with {@link readLedger}.
 *
 * Cost on the forwarding thread, only for a chunk that is dropped: a native
 * `indexOf` for its line ends and copies of at most a few hundred bytes per
 * line, into memory allocated once per session at the first drop. Nothing is
 * kept of a chunk that fits.
 *
 * Layout of a ledger (the gap record's bytes): `[sides: u8][incomplete: u8]
 * [6 unused]` then entries `[tag: u8][ended: u8][head length: u16][tail
 * length: u16][2 unused][length: u32][head][tail]`. `sides` has one bit per
 * tag that lost bytes (telemetry/byte_ring.ts `gapSides` reads it);
 * `incomplete` one bit per tag whose pieces did not all fit in the ledger
 * (its losses after the last entry are unknown).
 *
 * @module
 */

/** Bytes kept from the start of each lost line piece. */
export const LINE_HEAD_BYTES = 512;
/** Bytes kept from the end of each lost line piece. */
export const LINE_TAIL_BYTES = 128;
/** The most a ledger holds (a quarter of the ring when that is less). */
export const LEDGER_BYTES: number = 256 * 1024;

const TOP = 8;
const ENTRY = 12;
const MAX_LENGTH = 0xffff_ffff;

/** The unfinished line piece of one tag, kept until its line ends or the ledger is written. */
class OpenPiece {
  length = 0;
  readonly head = new Uint8Array(LINE_HEAD_BYTES);
  headLength = 0;
  readonly tail = new Uint8Array(LINE_TAIL_BYTES);
  tailLength = 0;

  /** Adds `bytes[from, end)`: the head fills first, the tail keeps the last bytes after it. */
  extend(bytes: Uint8Array, from: number, end: number): void {
    this.length = Math.min(MAX_LENGTH, this.length + (end - from));
    const head = this.head;
    while (this.headLength < LINE_HEAD_BYTES && from < end) head[this.headLength++] = bytes[from++];
    const n = end - from;
    if (n === 0) return;
    const tail = this.tail;
    const size = LINE_TAIL_BYTES;
    if (n >= size) {
      for (let i = 0; i < size; i++) tail[i] = bytes[end - size + i];
      this.tailLength = size;
      return;
    }
    // Keep the last size - n bytes held, then append the n new ones.
    const keep = Math.min(this.tailLength, size - n);
    const drop = this.tailLength - keep;
    for (let i = 0; i < keep; i++) tail[i] = tail[drop + i];
    for (let i = 0; i < n; i++) tail[keep + i] = bytes[from + i];
    this.tailLength = keep + n;
  }

  clear(): void {
    this.length = 0;
    this.headLength = 0;
    this.tailLength = 0;
  }
}

/** The producer's ledger of dropped bytes (one per ring writer, allocated at its first drop). */
export class DropLedger {
  readonly #bytes: Uint8Array;
  #used = TOP;
  #sides = 0;
  #incomplete = 0;
  #full = false;
  readonly #open: Array<OpenPiece | undefined> = [];

  /**
   * A ledger that never grows past `limit` bytes (at most
   * {@link LEDGER_BYTES}); where an entry does not fit, its tag is marked
   * incomplete instead.
   */
  constructor(limit: number = LEDGER_BYTES) {
    this.#bytes = new Uint8Array(Math.min(LEDGER_BYTES, Math.max(TOP, limit & ~7)));
  }

  /** True while something was dropped and not yet written out ({@link DropLedger.take}). */
  get waiting(): boolean {
    return this.#sides !== 0;
  }

  /** Records a dropped chunk of `tag` (below 8). */
  add(tag: number, bytes: Uint8Array): void {
    this.#sides |= 1 << tag;
    const piece = this.#open[tag] ??= new OpenPiece();
    let from = 0;
    for (;;) {
      const nl = bytes.indexOf(0x0a, from);
      const end = nl === -1 ? bytes.length : nl;
      if (end > from) piece.extend(bytes, from, end);
      if (nl === -1) return;
      this.#commit(tag, piece, true);
      from = nl + 1;
    }
  }

  /** Bytes {@link DropLedger.take} will return (at most). */
  get size(): number {
    let size = this.#used;
    for (const piece of this.#open) {
      if (piece && piece.length > 0) size += ENTRY + piece.headLength + piece.tailLength;
    }
    return Math.min(size, this.#bytes.length);
  }

  /**
   * Closes the unfinished pieces (their lines go on in the chunks after) and
   * returns the ledger's bytes, valid until the next {@link DropLedger.add};
   * the ledger starts empty again.
   */
  take(): Uint8Array {
    for (const [tag, piece] of this.#open.entries()) {
      if (piece && piece.length > 0) this.#commit(tag, piece, false);
    }
    const bytes = this.#bytes;
    bytes[0] = this.#sides;
    bytes[1] = this.#incomplete;
    const used = this.#used;
    this.#used = TOP;
    this.#sides = 0;
    this.#incomplete = 0;
    this.#full = false;
    return bytes.subarray(0, used);
  }

  #commit(tag: number, piece: OpenPiece, ended: boolean): void {
    const need = ENTRY + piece.headLength + piece.tailLength;
    if (this.#full || this.#used + need > this.#bytes.length) {
      // Later entries of any tag would hide where this one's line went.
      this.#full = true;
      this.#incomplete |= 1 << tag;
      piece.clear();
      return;
    }
    const b = this.#bytes;
    let at = this.#used;
    b[at] = tag;
    b[at + 1] = ended ? 1 : 0;
    b[at + 2] = piece.headLength >>> 8;
    b[at + 3] = piece.headLength & 0xff;
    b[at + 4] = piece.tailLength >>> 8;
    b[at + 5] = piece.tailLength & 0xff;
    b[at + 6] = 0;
    b[at + 7] = 0;
    const length = piece.length;
    b[at + 8] = length >>> 24;
    b[at + 9] = (length >>> 16) & 0xff;
    b[at + 10] = (length >>> 8) & 0xff;
    b[at + 11] = length & 0xff;
    at += ENTRY;
    for (let i = 0; i < piece.headLength; i++) b[at++] = piece.head[i];
    for (let i = 0; i < piece.tailLength; i++) b[at++] = piece.tail[i];
    this.#used = at;
    piece.clear();
  }
}

/** One lost line piece, as {@link readLedger} reports it (copies the caller owns). */
export interface LostPiece {
  /** The tag (side) it was sent on. */
  tag: number;
  /** Its length in bytes (head and tail included). */
  length: number;
  /** Its first bytes. */
  head: Uint8Array;
  /** Its last bytes after the head (none when the head holds it all). */
  tail: Uint8Array;
  /** True when a line end followed it; false: the line goes on after. */
  ended: boolean;
}

/** A ledger read back. */
export interface LedgerRead {
  /** The pieces, in the order their lines ended (then the unfinished ones). */
  pieces: LostPiece[];
  /** One bit per tag whose losses after its last piece are unknown. */
  incomplete: number;
}

/**
 * Reads a gap record's bytes; undefined when they hold no ledger (a gap
 * record written without one says only which sides lost bytes).
 */
export function readLedger(bytes: Uint8Array): LedgerRead | undefined {
  if (bytes.length < TOP) return undefined;
  const pieces: LostPiece[] = [];
  let at = TOP;
  while (at + ENTRY <= bytes.length) {
    const headLength = (bytes[at + 2] << 8) | bytes[at + 3];
    const tailLength = (bytes[at + 4] << 8) | bytes[at + 5];
    const length = bytes[at + 8] * 0x100_0000 + ((bytes[at + 9] << 16) | (bytes[at + 10] << 8) |
      bytes[at + 11]);
    const start = at + ENTRY;
    const end = start + headLength + tailLength;
    if (end > bytes.length) return { pieces, incomplete: 0xff };
    pieces.push({
      tag: bytes[at],
      ended: bytes[at + 1] === 1,
      length,
      head: bytes.slice(start, start + headLength),
      tail: bytes.slice(start + headLength, end),
    });
    at = end;
  }
  return { pieces, incomplete: bytes[1] };
}
