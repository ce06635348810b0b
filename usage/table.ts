/**
 * One platform's deduplicated records in typed columns: about 60 bytes a
 * request instead of two objects, loadable from the cache without parsing,
 * and aggregated without allocating. {@link recordAt} turns a row back into a
 * {@link UsageRecord} when a caller wants objects.
 *
 * @module
 */

import type { HostId } from "../core/platform_types.ts";
import type { UsageConfidence, UsageRecord } from "../core/usage_types.ts";
import type { ReaderRecord } from "./reader.ts";

/**
 * A numeric column: typed in a platform's final table, a plain array while
 * scanning. A scan's token counts come as a Uint32Array when every count of
 * the column fits one (4 bytes a row instead of 8).
 */
export type NumberColumn = Float64Array | Uint32Array | number[];

/** A string-index column. */
export type IndexColumn = Int32Array | number[];

/** Deduplicated records of one platform, by column. Index -1 means "not logged". */
export interface RecordTable {
  /** The host. */
  platform: HostId;
  /** Its reader's confidence. */
  confidence: UsageConfidence;
  /** Rows. */
  count: number;
  /** Session, project, model and provider names, by index. */
  strings: string[];
  /** Time, ms. */
  ts: NumberColumn;
  /** Host-logged USD, NaN when none. */
  cost: NumberColumn;
  /** Pricing multiplier, NaN when none. */
  multiplier: NumberColumn;
  /** Session index. */
  session: IndexColumn;
  /** Project index. */
  project: IndexColumn;
  /** Model index, -1 when none. */
  model: IndexColumn;
  /** Provider index, -1 when none. */
  provider: IndexColumn;
  /** Uncached input. */
  input: NumberColumn;
  /** Cache reads. */
  cacheRead: NumberColumn;
  /** Cache writes. */
  cacheWrite: NumberColumn;
  /** 1-hour part of the cache writes. */
  cacheWrite1h: NumberColumn;
  /** Output, reasoning included. */
  output: NumberColumn;
  /** Reasoning part of the output. */
  reasoning: NumberColumn;
}

/** The numeric columns, in storage order. */
export const NUMBER_COLUMNS = [
  "ts",
  "cost",
  "multiplier",
  "input",
  "cacheRead",
  "cacheWrite",
  "cacheWrite1h",
  "output",
  "reasoning",
] as const;

/** The string-index columns, in storage order. */
export const INDEX_COLUMNS = ["session", "project", "model", "provider"] as const;

/**
 * An empty table of `count` rows (filled by the caller). `typed` columns are
 * typed arrays (for the final tables); otherwise plain arrays,
 * which live in the JS heap: thousands of small per-file typed arrays would
 * each be a native allocation, and freed ones fragment the process's memory.
 */
export function emptyTable(
  platform: HostId,
  confidence: UsageConfidence,
  count: number,
  strings: string[] = [],
  typed = true,
): RecordTable {
  const t = { platform, confidence, count, strings } as RecordTable;
  for (const c of NUMBER_COLUMNS) t[c] = typed ? new Float64Array(count) : new Array(count).fill(0);
  for (const c of INDEX_COLUMNS) t[c] = typed ? new Int32Array(count) : new Array(count).fill(0);
  return t;
}

/** The fields a table keeps of a record (reader records and usage records both have them). */
export type TableRow = Pick<
  ReaderRecord,
  | "ts"
  | "sessionId"
  | "projectKey"
  | "modelId"
  | "providerId"
  | "tokens"
  | "costUsd"
  | "pricingMultiplier"
>;

/** Builds a table from records (strings are shared by index). */
export function tableOf(
  platform: HostId,
  confidence: UsageConfidence,
  records: ArrayLike<TableRow>,
  typed = true,
): RecordTable {
  const t = emptyTable(platform, confidence, records.length, [], typed);
  const index = new Map<string, number>();
  const ref = (s: string | undefined) => {
    if (s === undefined) return -1;
    let i = index.get(s);
    if (i === undefined) index.set(s, i = t.strings.push(s) - 1);
    return i;
  };
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    t.ts[i] = r.ts;
    t.cost[i] = r.costUsd ?? NaN;
    t.multiplier[i] = r.pricingMultiplier ?? NaN;
    t.session[i] = ref(r.sessionId);
    t.project[i] = ref(r.projectKey);
    t.model[i] = ref(r.modelId);
    t.provider[i] = ref(r.providerId);
    t.input[i] = r.tokens.input;
    t.cacheRead[i] = r.tokens.cacheRead;
    t.cacheWrite[i] = r.tokens.cacheWrite;
    t.cacheWrite1h[i] = r.tokens.cacheWrite1h;
    t.output[i] = r.tokens.output;
    t.reasoning[i] = r.tokens.reasoning;
  }
  return t;
}

/** The rows at or after `since` (the table itself when all are). */
export function since(t: RecordTable, from: number | undefined): RecordTable {
  if (from === undefined) return t;
  const keep: number[] = [];
  for (let i = 0; i < t.count; i++) if (t.ts[i] >= from) keep.push(i);
  if (keep.length === t.count) return t;
  const out = emptyTable(t.platform, t.confidence, keep.length, t.strings);
  for (const c of [...NUMBER_COLUMNS, ...INDEX_COLUMNS]) {
    const src = t[c];
    const dst = out[c];
    for (let j = 0; j < keep.length; j++) dst[j] = src[keep[j]];
  }
  return out;
}

/** Row `i` as a usage record (a new object). */
export function recordAt(t: RecordTable, i: number): UsageRecord {
  const s = t.strings;
  const cost = t.cost[i];
  const multiplier = t.multiplier[i];
  return {
    platformId: t.platform,
    sessionId: s[t.session[i]] ?? "",
    projectKey: s[t.project[i]] ?? "",
    modelId: t.model[i] >= 0 ? s[t.model[i]] : undefined,
    providerId: t.provider[i] >= 0 ? s[t.provider[i]] : undefined,
    ts: t.ts[i],
    tokens: {
      input: t.input[i],
      cacheRead: t.cacheRead[i],
      cacheWrite: t.cacheWrite[i],
      cacheWrite1h: t.cacheWrite1h[i],
      output: t.output[i],
      reasoning: t.reasoning[i],
    },
    costUsd: Number.isNaN(cost) ? undefined : cost,
    pricingMultiplier: Number.isNaN(multiplier) || multiplier === 1 ? undefined : multiplier,
    confidence: t.confidence,
  };
}

/** Every row of every table as usage records. */
export function recordsOf(tables: readonly RecordTable[]): UsageRecord[] {
  const out: UsageRecord[] = [];
  for (const t of tables) for (let i = 0; i < t.count; i++) out.push(recordAt(t, i));
  return out;
}
