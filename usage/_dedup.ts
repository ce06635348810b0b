/**
 * The running deduplication of one platform: keyed rows are added source by
 * source as they are decoded, and only each request's winning row is kept
 * (by {@link prefers}, so which row wins does not depend on the order sources
 * arrive in). Keys live in a {@link DigestSet} (128-bit digests: its module
 * doc gives the collision odds; {@link mergeRows}, which returns the keys,
 * holds them exactly in a {@link KeySet}) and columns in typed chunks
 * (`_chunks.ts`), so memory is one row per request — not per source, nor per
 * line — outside the collected heap, and a source's rows can be dropped as
 * soon as they are added. That row cannot go: a request's winner may be
 * replaced by a copy in any later file. The digest and its table slot are
 * a small part of a request's row; the whole keys, kept when the cache is
 * on, add more (bench/README.md).
 *
 * Rows come as {@link Rows} (decoded on this thread) or as a {@link RowsView}
 * of encoded bytes (sent by a worker, or kept in the cache), whose keys go
 * into the set without ever becoming strings.
 *
 * Each row also keeps where its key first appeared (the number of the source
 * it came in, its row there), and {@link Dedup.result} returns rows in that
 * order: worker threads finish sources in any order, yet the records, and
 * the float sums of their costs, come out the same every run.
 *
 * Rows are merged as each source is read: holding every source's rows until
 * all were read, then merging them, peaked far higher (bench/README.md).
 *
 * @module
 */

import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence } from "../core/usage_types.ts";
import { emptyTable, INDEX_COLUMNS, NUMBER_COLUMNS, type RecordTable } from "./table.ts";
import { prefers, type Rows } from "./_rows.ts";
import { KeySet } from "./_keys.ts";
import { DigestSet } from "./_digests.ts";
import { CHUNK_ROWS, Chunked } from "./_chunks.ts";
import type { RowsView } from "./_codec.ts";

/** Deduplicated rows: each row's key, its secondary flag and the columns. */
export interface Merged {
  /**
   * The request keys (digests, or exact for {@link mergeRows}): row `i`'s is
   * slot `order[i]` (slot `i` without `order`). Absent when the merge's
   * result was taken without them.
   */
  keys?: KeySet | DigestSet;
  /** See `keys`. */
  order?: Uint32Array;
  /** 1 where the row is a secondary copy. */
  secondary: Uint8Array;
  /** The rows (typed columns of exactly `count` rows). */
  table: RecordTable;
}

/** A merge's keys with their row order and secondary flags, as a snapshot saves them. */
export type KeptKeys = {
  keys: DigestSet;
  order: Uint32Array;
  secondary: Uint8Array;
};

const COLUMNS = [...NUMBER_COLUMNS, ...INDEX_COLUMNS] as const;
const FIRST_INDEX = NUMBER_COLUMNS.length;
/** The numeric columns that are not counts (times, money, multipliers). */
const FLOAT_COLUMNS: ReadonlySet<string> = new Set(["ts", "cost", "multiplier"]);

/** One platform's rows merged by request key. */
export class Dedup {
  private keys: KeySet | DigestSet;
  // Columns by position, not by name: a per-row `table[name]` lookup was the
  // larger part of adding a row.
  // Token counts in 4-byte chunks, widened where one does not fit (`Chunked`).
  private readonly cols = COLUMNS.map((name, c) =>
    c >= FIRST_INDEX
      ? new Chunked((n) => new Int32Array(n), -1)
      : FLOAT_COLUMNS.has(name)
      ? new Chunked((n) => new Float64Array(n), name === "ts" ? 0 : NaN)
      : new Chunked((n) => new Uint32Array(n), 0, true)
  );
  private readonly secondary = new Chunked((n) => new Uint8Array(n));
  private readonly firstSource = new Chunked((n) => new Uint32Array(n));
  private readonly firstRow = new Chunked((n) => new Uint32Array(n));
  private readonly strings: string[] = [];
  private readonly stringIndex = new Map<string, number>();
  private readonly probe: { secondary: number[]; table: RecordTable };
  private count = 0;
  private capacity = 0;

  /**
   * A merge of `platform`'s rows, starting from `base` (as source 0). Keys
   * are held as 128-bit digests (`_digests.ts`), or with `exact` as their
   * bytes (a {@link KeySet}, whose keys can be read back).
   */
  constructor(
    private readonly platform: HostId,
    private readonly confidence: UsageConfidence,
    base?: Merged,
    exact = false,
  ) {
    if (base?.order) throw new RangeError("a merge resumes only from keys in row order");
    if (base?.keys && (base.keys instanceof KeySet) !== exact) {
      throw new RangeError("a merge resumes only from keys held the same way");
    }
    this.keys = base?.keys ?? (exact ? new KeySet() : new DigestSet());
    const probe = emptyTable(platform, confidence, 1, this.strings, false);
    this.probe = { secondary: [0], table: probe };
    if (!base) return;
    const n = base.table.count;
    this.room(n);
    for (let c = 0; c < COLUMNS.length; c++) {
      const from = base.table[COLUMNS[c]];
      const to = this.cols[c];
      for (let i = 0; i < n; i++) to.set(i, from[i]);
    }
    for (const s of base.table.strings) this.ref(s);
    for (let i = 0; i < n; i++) {
      this.secondary.set(i, base.secondary[i]);
      this.firstRow.set(i, i);
    }
    this.count = n;
  }

  /** Makes room for `n` rows. */
  private room(n: number): void {
    if (n <= this.capacity) return;
    for (const c of this.cols) c.ensure(n);
    this.secondary.ensure(n);
    this.firstSource.ensure(n);
    this.firstRow.ensure(n);
    this.capacity = this.firstRow.chunks.length * CHUNK_ROWS;
  }

  private ref(s: string): number {
    let k = this.stringIndex.get(s);
    if (k === undefined) this.stringIndex.set(s, k = this.strings.push(s) - 1);
    return k;
  }

  /** Loads kept row `at` into the one-row probe that {@link prefers} compares with. */
  private load(at: number): void {
    const t = this.probe.table;
    for (let c = 0; c < COLUMNS.length; c++) t[COLUMNS[c]][0] = this.cols[c].get(at);
    this.probe.secondary[0] = this.secondary.get(at);
  }

  /**
   * Merges the rows of source number `source` (≥ 1; numbers give the output
   * order) in: a new key is appended, a known one replaced when `rows` wins.
   */
  add(rows: Rows | RowsView, source: number): void {
    const src = rows.table;
    const encoded = "keyEnds" in rows;
    const n = encoded ? rows.count : rows.keys.length;
    if (n === 0) return;
    const map = new Int32Array(src.strings.length).fill(-2); // their string index -> ours
    const from = COLUMNS.map((c) => src[c]);
    const cols = this.cols;
    for (let i = 0; i < n; i++) {
      let at = encoded
        ? this.keys.addBytes(
          rows.keyArena,
          i === 0 ? 0 : rows.keyEnds[i - 1],
          rows.keyEnds[i],
          rows.keyHashes[i],
        )
        : this.keys.add(rows.keys[i]);
      if (at < 0) {
        at = -1 - at;
        this.room(at + 1);
        this.firstSource.set(at, source);
        this.firstRow.set(at, i);
        this.count = at + 1;
      } else {
        const was = this.firstSource.get(at);
        if (source < was || (source === was && i < this.firstRow.get(at))) {
          this.firstSource.set(at, source);
          this.firstRow.set(at, i);
        }
        this.load(at);
        if (!prefers(rows, i, this.probe, 0)) continue;
      }
      for (let c = 0; c < FIRST_INDEX; c++) cols[c].set(at, from[c][i]);
      for (let c = FIRST_INDEX; c < cols.length; c++) {
        const idx = from[c][i];
        let k = idx < 0 ? -1 : map[idx];
        if (k === -2) map[idx] = k = this.ref(src.strings[idx]);
        cols[c].set(at, k);
      }
      this.secondary.set(at, rows.secondary[i]);
    }
  }

  /**
   * The merged rows in first-appearance order, with their keys when `keys` is
   * true. When it is false (nothing will be merged into them) or a function
   * (handed the keys first, to save them), the keys — a third of the merge's
   * memory — are let go before the table is built. The merge is spent
   * afterwards.
   */
  result(keys: boolean | ((kept: KeptKeys) => void) = true): Merged {
    const n = this.count;
    let held: KeySet | DigestSet | undefined = this.keys;
    const order = firstOrder(this.firstSource, this.firstRow, n);
    this.firstSource.release();
    this.firstRow.release();
    const secondary = this.secondary.gather(new Uint8Array(n), order);
    this.secondary.release();
    if (typeof keys === "function" && held instanceof DigestSet) {
      keys({ keys: held, order, secondary });
    }
    if (keys !== true) {
      held.release(); // once saved
      held = undefined;
    }
    const table = emptyTable(this.platform, this.confidence, 0, this.strings);
    table.count = n;
    // Column by column, dropping each one's chunks once copied, so the peak is
    // one column above the merge itself.
    COLUMNS.forEach((name, c) => {
      // A token column whose every value fits 4 bytes stays 4 bytes a row.
      const narrow = c < FIRST_INDEX && !FLOAT_COLUMNS.has(name) &&
        this.cols[c].chunks.every((chunk) => !(chunk instanceof Float64Array));
      const out = c >= FIRST_INDEX
        ? new Int32Array(n)
        : narrow
        ? new Uint32Array(n)
        : new Float64Array(n);
      (table as unknown as Record<string, ArrayLike<number>>)[name] = this.cols[c].gather(
        out,
        order,
      );
      this.cols[c].release();
    });
    return { keys: held, order, secondary, table };
  }
}

/**
 * The slots ordered by (source, row): a counting sort by source, then a sort
 * by row of any source whose slots are not in row order already (they nearly
 * always are: a source's new keys are appended as its rows are read).
 */
function firstOrder(source: Chunked, row: Chunked, n: number): Uint32Array {
  let sources = 0;
  for (let i = 0; i < n; i++) if (source.get(i) >= sources) sources = source.get(i) + 1;
  const start = new Uint32Array(sources + 1);
  for (let i = 0; i < n; i++) start[source.get(i) + 1]++;
  for (let s = 0; s < sources; s++) start[s + 1] += start[s];
  const order = new Uint32Array(n);
  const next = start.slice(0, sources);
  for (let i = 0; i < n; i++) order[next[source.get(i)]++] = i;
  for (let s = 0; s < sources; s++) {
    for (let k = start[s] + 1; k < start[s + 1]; k++) {
      if (row.get(order[k - 1]) > row.get(order[k])) {
        order.subarray(start[s], start[s + 1]).sort((a, b) => row.get(a) - row.get(b));
        break;
      }
    }
  }
  return order;
}

/** Merges `parts` by key, keeping for each key the row {@link prefers} picks. */
export function mergeRows(
  platform: HostId,
  confidence: UsageConfidence,
  parts: readonly Rows[],
): Rows {
  const merged = new Dedup(platform, confidence, undefined, true);
  parts.forEach((part, i) => merged.add(part, i + 1));
  const { keys, order, secondary, table } = merged.result();
  const exact = keys as KeySet;
  return { keys: Array.from(order!, (slot) => exact.key(slot)), secondary, table };
}
