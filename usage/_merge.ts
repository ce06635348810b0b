/**
 * Deduplicates keyed rows: of all rows with one request key, across the
 * parts added (a platform's sources, or a source's kept and appended rows),
 * the one `prefers` picks counts (largest total, then the tie rules of
 * `tokens.ts` `preferRecord`), so which row wins never depends on the order
 * the parts come in. Each winner is copied in, so a part can be dropped as
 * soon as it is added: memory is one row per request. Rows come out in the
 * order their key first appeared (by the part's number, then the row), so
 * the same parts give the same result every run, whatever thread decoded
 * them and in whatever order they arrived.
 *
 * @module
 */

import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence } from "../core/usage_types.ts";
import { emptyTable, INDEX_COLUMNS, NUMBER_COLUMNS } from "./table.ts";
import { prefers, type Rows } from "./_rows.ts";
import { CHUNK_ROWS, Chunked } from "./_chunks.ts";
import { KeySet } from "./_keys.ts";
import type { RowsView } from "./_codec.ts";

const COLUMNS = [...NUMBER_COLUMNS, ...INDEX_COLUMNS] as const;
/** The numeric columns that are not counts (times, money, multipliers). */
const FLOATS: ReadonlySet<string> = new Set(["ts", "cost", "multiplier"]);

/** A column of the running merge, in typed chunks (`_chunks.ts`). */
function column(name: (typeof COLUMNS)[number]): Chunked {
  if ((INDEX_COLUMNS as readonly string[]).includes(name)) {
    return new Chunked((n) => new Int32Array(n), -1);
  }
  if (FLOATS.has(name)) return new Chunked((n) => new Float64Array(n), name === "ts" ? 0 : NaN);
  return new Chunked((n) => new Uint32Array(n), 0, true); // counts: 4 bytes, widened past 2^32
}

/** One platform's (or one source's) rows merged by request key as parts arrive. */
export class Merger {
  /** The keys, exact, as bytes in an arena (`_keys.ts`): a slot per key, in order. */
  private readonly keys = new KeySet();
  private readonly cols = COLUMNS.map(column);
  private readonly secondary = new Chunked((n) => new Uint8Array(n));
  /** Where each key first appeared: part number, then row. */
  private readonly firstPart = new Chunked((n) => new Int32Array(n));
  private readonly firstRow = new Chunked((n) => new Int32Array(n));
  private readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  /** One slot's row, as `prefers` compares it. */
  private readonly scratch: Rows;
  /** The scratch row's columns, in {@link COLUMNS} order. */
  private readonly scratchCols: number[][];
  /** Slots the columns have room for. */
  private room = 0;
  /**
   * The part being added: its columns in {@link COLUMNS} order (looked up
   * once a part, not by name for every cell), its strings, and each of its
   * string indexes as this merger's (filled as met).
   */
  private part: { cols: ArrayLike<number>[]; strings: string[]; refs: number[] } = {
    cols: [],
    strings: [],
    refs: [],
  };

  /** A merger of `platform`'s rows. */
  constructor(private readonly platform: HostId, private readonly confidence: UsageConfidence) {
    const table = emptyTable(platform, confidence, 1, this.strings, false);
    this.scratch = { keys: [""], secondary: [0], table };
    this.scratchCols = COLUMNS.map((name) => table[name] as number[]);
  }

  private bind(table: Rows["table"]): void {
    this.part = { cols: COLUMNS.map((name) => table[name]), strings: table.strings, refs: [] };
  }

  /** Adds `rows`, the part numbered `part` (the order rows come out in). */
  add(rows: Rows, part: number): void {
    const { keys } = rows;
    this.bind(rows.table);
    for (let i = 0; i < keys.length; i++) this.take(rows, i, part, this.keys.add(keys[i]));
  }

  /**
   * Adds encoded rows (`_codec.ts`, a worker's or the cache's) without
   * turning their keys into strings.
   */
  addView(view: RowsView, part: number): void {
    this.bind(view.table);
    for (let i = 0, at = 0; i < view.count; i++) {
      const end = view.keyEnds[i];
      this.take(view, i, part, this.keys.addBytes(view.keyArena, at, end, view.keyHashes[i]));
      at = end;
    }
  }

  /** Row `i` of `rows`, whose key `KeySet.add` placed as `slot`. */
  private take(
    rows: Pick<Rows, "secondary" | "table">,
    i: number,
    part: number,
    slot: number,
  ): void {
    if (slot < 0) {
      const at = -1 - slot;
      if (at >= this.room) {
        this.room = (Math.floor(at / CHUNK_ROWS) + 1) * CHUNK_ROWS; // ensure's own rounding
        for (const c of this.cols) c.ensure(this.room);
        this.secondary.ensure(this.room);
        this.firstPart.ensure(this.room);
        this.firstRow.ensure(this.room);
      }
      this.firstPart.set(at, part);
      this.firstRow.set(at, i);
      this.copy(rows, i, at);
      return;
    }
    const fp = this.firstPart.get(slot);
    if (part < fp || (part === fp && i < this.firstRow.get(slot))) {
      this.firstPart.set(slot, part);
      this.firstRow.set(slot, i);
    }
    if (prefers(rows, i, this.load(slot), 0)) this.copy(rows, i, slot);
  }

  /** Copies row `i` of the part being added, `rows`, into slot `at`. */
  private copy(rows: Pick<Rows, "secondary" | "table">, i: number, at: number): void {
    const { cols, strings, refs } = this.part;
    for (let c = 0; c < COLUMNS.length; c++) {
      let v = cols[c][i];
      if (c >= NUMBER_COLUMNS.length && v >= 0) v = refs[v] ??= this.ref(strings[v]);
      this.cols[c].set(at, v);
    }
    this.secondary.set(at, rows.secondary[i]);
  }

  /** Slot `at` as the one row of the scratch rows. */
  private load(at: number): Rows {
    const cols = this.scratchCols;
    for (let c = 0; c < COLUMNS.length; c++) cols[c][0] = this.cols[c].get(at);
    (this.scratch.secondary as number[])[0] = this.secondary.get(at);
    return this.scratch;
  }

  private ref(text: string): number {
    let k = this.index.get(text);
    if (k === undefined) this.index.set(text, k = this.strings.push(text) - 1);
    return k;
  }

  /**
   * The merged rows in first-appearance order; typed columns when `typed`;
   * `keys` false leaves their keys out (empty). The merger is spent: its
   * columns are freed as they are copied out.
   */
  result(typed = true, keys = true): Rows {
    const n = this.keys.size;
    // Slots are numbered in arrival order: mostly first-appearance order already.
    const order = new Uint32Array(n);
    let sorted = true;
    let lastPart = -1;
    let lastRow = -1;
    for (let i = 0; i < n; i++) {
      order[i] = i;
      const p = this.firstPart.get(i);
      const r = this.firstRow.get(i);
      if (p < lastPart || (p === lastPart && r < lastRow)) sorted = false;
      lastPart = p;
      lastRow = r;
    }
    if (!sorted) {
      const part = this.firstPart.gather(new Int32Array(n), order);
      const row = this.firstRow.gather(new Int32Array(n), order);
      order.sort((a, b) => part[a] - part[b] || row[a] - row[b]);
    }
    const out = emptyTable(this.platform, this.confidence, n, this.strings, typed);
    for (let c = 0; c < COLUMNS.length; c++) {
      const dst = out[COLUMNS[c]];
      const src = this.cols[c];
      for (let j = 0; j < n; j++) dst[j] = src.get(order[j]);
      src.release();
    }
    const outKeys = keys ? Array.from(order, (i) => this.keys.key(i)) : [];
    this.keys.release();
    const secondary = typed ? new Uint8Array(n) : new Array<number>(n);
    for (let j = 0; j < n; j++) secondary[j] = this.secondary.get(order[j]);
    return { keys: outKeys, secondary, table: out };
  }
}

/** `parts` merged by request key (see {@link Merger}). */
export function mergeRows(
  platform: HostId,
  confidence: UsageConfidence,
  parts: readonly Rows[],
  typed = true,
): Rows {
  const m = new Merger(platform, confidence);
  parts.forEach((rows, p) => m.add(rows, p));
  return m.result(typed);
}
