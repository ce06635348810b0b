/**
 * `<platform>.delta.bin`: what changed in a platform's records since its
 * snapshot (`_snapshot.ts`) was written, so a re-scan after a small append
 * writes a few rows instead of every key and row again.
 *
 * A delta names the snapshot it applies to by the snapshot's random id (a
 * new snapshot never takes an old delta) and the listing fingerprint it
 * describes together with that snapshot. It holds, cumulatively since the
 * snapshot: the rows of keys the snapshot lacks (`fresh`, in output order,
 * after the snapshot's rows), the snapshot rows replaced by a winning copy
 * (`overrides`: row index and the new row), and every source's problems.
 *
 * Crash safety: the delta is written (atomically) before the cursors. If the
 * cursors are not written, they still name the older fingerprint, which the
 * new delta does not describe: the next scan finds no snapshot for them and
 * settles in full (reading again what lags), so nothing counts twice.
 *
 * @module
 */

import { unlinkSync } from "node:fs";
import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence, UsageProblem } from "../core/usage_types.ts";
import { emptyTable, INDEX_COLUMNS, NUMBER_COLUMNS, type RecordTable } from "./table.ts";
import type { Rows } from "./_rows.ts";
import { ByteReader, ByteWriter, encodeRows, readRows, type RowsView } from "./_codec.ts";
import { readCacheFile } from "./cache.ts";
import { writeCacheFile } from "./_cache_write.ts";

const MAGIC = 0x31445341; // "ASD1" as a little-endian uint32
const FORMAT = 1;

/** Rows past which (or {@link FOLD_FRACTION} of the snapshot's) a delta is folded in. */
export const FOLD_BYTES: number = 4 << 20;
/** The share of the snapshot's rows past which a delta is folded in. */
export const FOLD_FRACTION: number = 0.05;

/** A platform's changes since its snapshot. */
export interface Delta {
  /** The id of the snapshot it applies to. */
  base: string;
  /** The listing fingerprint the snapshot and this delta describe together. */
  fingerprint: string;
  /** Every source's problems, as of this delta. */
  problems: UsageProblem[];
  /** Rows of keys the snapshot lacks, in output order. */
  fresh: DeltaRows;
  /** Snapshot rows replaced by a winning copy. */
  overrides: DeltaRows;
  /** The snapshot row each override replaces. */
  replaces: number[];
}

/** Keyed rows held as plain arrays (a delta is small), grown row by row. */
export class DeltaRows implements Rows {
  /** The keys. */
  keys: string[] = [];
  /** The secondary flags. */
  secondary: number[] = [];
  /** The rows. */
  table: RecordTable;
  private readonly strings = new Map<string, number>();

  /** Empty rows of `platform`, or a copy of `from`. */
  constructor(platform: HostId, confidence: UsageConfidence, from?: Rows) {
    this.table = emptyTable(platform, confidence, 0, [], false);
    if (!from) return;
    for (let i = 0; i < from.keys.length; i++) this.push(from.keys[i], from, i);
  }

  /** Rows held. */
  get count(): number {
    return this.keys.length;
  }

  /** Appends row `i` of `src` under `key`; returns its index. */
  push(key: string, src: Pick<Rows | RowsView, "secondary" | "table">, i: number): number {
    const at = this.keys.length;
    this.keys.push(key);
    this.secondary.push(0);
    this.table.count = at + 1;
    this.set(at, src, i);
    return at;
  }

  /** Overwrites row `at` with row `i` of `src`. */
  set(at: number, src: Pick<Rows | RowsView, "secondary" | "table">, i: number): void {
    const t = this.table;
    const s = src.table;
    for (const c of NUMBER_COLUMNS) (t[c] as number[])[at] = s[c][i];
    for (const c of INDEX_COLUMNS) {
      const idx = s[c][i];
      (t[c] as number[])[at] = idx < 0 ? -1 : this.ref(s.strings[idx]);
    }
    this.secondary[at] = src.secondary[i];
  }

  private ref(s: string): number {
    let k = this.strings.get(s);
    if (k === undefined) this.strings.set(s, k = this.table.strings.push(s) - 1);
    return k;
  }
}

/** The delta file of `platform` in `dir`. */
export function deltaFile(dir: string, platform: string): string {
  return join(dir, `${platform}.delta.bin`);
}

/** Loads `platform`'s delta; undefined when absent, damaged or of another reader version. */
export function loadDelta(
  dir: string,
  platform: HostId,
  confidence: UsageConfidence,
  readerVersion: number,
): Delta | undefined {
  try {
    const r = new ByteReader(readCacheFile(deltaFile(dir, platform)));
    if (r.u32() !== MAGIC) return undefined;
    const h = r.json<{
      format: number;
      reader: number;
      base: string;
      fingerprint: string;
      problems: UsageProblem[];
      replaces: number[];
    }>();
    if (h.format !== FORMAT || h.reader !== readerVersion || !Array.isArray(h.replaces)) {
      return undefined;
    }
    const fresh = new DeltaRows(platform, confidence, readRows(r.block(), platform, confidence));
    const overrides = new DeltaRows(
      platform,
      confidence,
      readRows(r.block(), platform, confidence),
    );
    if (r.at !== r.data.length || overrides.count !== h.replaces.length) return undefined;
    return {
      base: h.base,
      fingerprint: h.fingerprint,
      problems: h.problems,
      fresh,
      overrides,
      replaces: h.replaces,
    };
  } catch {
    return undefined;
  }
}

/** The bytes of `delta` as saved. */
export function encodeDelta(readerVersion: number, delta: Delta): Uint8Array {
  const w = new ByteWriter();
  w.u32(MAGIC);
  w.json({
    format: FORMAT,
    reader: readerVersion,
    base: delta.base,
    fingerprint: delta.fingerprint,
    problems: delta.problems,
    replaces: delta.replaces,
  });
  w.block(encodeRows(delta.fresh));
  w.block(encodeRows(delta.overrides));
  return w.result();
}

/** Writes `bytes` (from {@link encodeDelta}) as `platform`'s delta; false when it could not. */
export function saveDelta(dir: string, platform: HostId, bytes: Uint8Array): boolean {
  return writeCacheFile(deltaFile(dir, platform), bytes);
}

/** Removes `platform`'s delta (once folded into a new snapshot, it is stale anyway). */
export function removeDelta(dir: string, platform: HostId): void {
  try {
    unlinkSync(deltaFile(dir, platform));
  } catch { /* absent */ }
}

/**
 * The snapshot `table` (typed, as loaded) with `delta` applied: overrides in
 * place, fresh rows after. Returns the new table and, given the snapshot's
 * secondary flags, the new ones.
 */
export function applyDelta(
  table: RecordTable,
  delta: Delta,
  secondary?: ArrayLike<number>,
): { table: RecordTable; secondary?: Uint8Array } {
  const n = table.count;
  const { fresh, overrides, replaces } = delta;
  const out = emptyTable(table.platform, table.confidence, n + fresh.count, [...table.strings]);
  const index = new Map<string, number>();
  out.strings.forEach((s, i) => index.set(s, i));
  const ref = (s: string) => {
    let k = index.get(s);
    if (k === undefined) index.set(s, k = out.strings.push(s) - 1);
    return k;
  };
  const flags = secondary ? new Uint8Array(n + fresh.count) : undefined;
  for (const c of [...NUMBER_COLUMNS, ...INDEX_COLUMNS]) {
    (out[c] as Float64Array | Int32Array).set(table[c] as ArrayLike<number>);
  }
  if (flags && secondary) flags.set(secondary);
  const copy = (to: number, src: DeltaRows, i: number) => {
    const t = src.table;
    for (const c of NUMBER_COLUMNS) out[c][to] = t[c][i];
    for (const c of INDEX_COLUMNS) out[c][to] = t[c][i] < 0 ? -1 : ref(t.strings[t[c][i]]);
    if (flags) flags[to] = src.secondary[i];
  };
  for (let i = 0; i < replaces.length; i++) {
    if (replaces[i] >= n) throw new RangeError("bad delta");
    copy(replaces[i], overrides, i);
  }
  for (let i = 0; i < fresh.count; i++) copy(n + i, fresh, i);
  return { table: out, secondary: flags };
}
