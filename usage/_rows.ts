/**
 * A source's records as a {@link RecordTable} plus each row's request key and
 * secondary flag: what a decode job returns, what the cache keeps per
 * source, and what the scan merges across files (`_merge.ts`). Only one
 * file's records are ever objects at once.
 *
 * @module
 */

import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence } from "../core/usage_types.ts";
import type { ReaderRecord } from "./reader.ts";
import { TIE_COUNTS } from "./tokens.ts";
import { type IndexColumn, type RecordTable, tableOf } from "./table.ts";

/** Keyed rows of one source (or of a merge of sources). */
export interface Rows {
  /** The request key of each row. */
  keys: string[];
  /** 1 where the row is a copy that loses ties (a sidechain replay). */
  secondary: ArrayLike<number>;
  /** The rows. */
  table: RecordTable;
}

/** Rows from reader records. */
export function rowsOf(
  platform: HostId,
  confidence: UsageConfidence,
  records: ReaderRecord[],
): Rows {
  return {
    keys: records.map((r) => r.key),
    secondary: records.map((r) => (r.secondary ? 1 : 0)),
    table: tableOf(platform, confidence, records, false),
  };
}

const total = (t: RecordTable, i: number) =>
  t.input[i] + t.cacheRead[i] + t.cacheWrite[i] + t.output[i];
const text = (
  t: RecordTable,
  col: IndexColumn,
  i: number,
) => (col[i] >= 0 ? t.strings[col[i]] : "");

/**
 * True when row `i` of `a` should count instead of row `j` of `b` (same key):
 * the rule of `preferRecord` — larger total, then primary, then earlier, then
 * lexically smaller session and project, then the host cost, the model, each
 * count, the provider and the multiplier.
 */
export function prefers(
  a: Pick<Rows, "secondary" | "table">,
  i: number,
  b: Pick<Rows, "secondary" | "table">,
  j: number,
): boolean {
  const ta = a.table;
  const tb = b.table;
  const sa = total(ta, i);
  const sb = total(tb, j);
  if (sa !== sb) return sa > sb;
  if (a.secondary[i] !== b.secondary[j]) return a.secondary[i] < b.secondary[j];
  if (ta.ts[i] !== tb.ts[j]) return ta.ts[i] < tb.ts[j];
  for (const col of ["session", "project"] as const) {
    const x = text(ta, ta[col], i);
    const y = text(tb, tb[col], j);
    if (x !== y) return x < y;
  }
  const ca = Number.isNaN(ta.cost[i]) ? -1 : ta.cost[i];
  const cb = Number.isNaN(tb.cost[j]) ? -1 : tb.cost[j];
  if (ca !== cb) return ca > cb;
  const ma = text(ta, ta.model, i);
  const mb = text(tb, tb.model, j);
  if (ma !== mb) return ma < mb;
  for (const k of TIE_COUNTS) if (ta[k][i] !== tb[k][j]) return ta[k][i] > tb[k][j];
  const pa = text(ta, ta.provider, i);
  const pb = text(tb, tb.provider, j);
  if (pa !== pb) return pa < pb;
  const xa = Number.isNaN(ta.multiplier[i]) ? 1 : ta.multiplier[i];
  const xb = Number.isNaN(tb.multiplier[j]) ? 1 : tb.multiplier[j];
  return xa <= xb;
}
