/**
 * Groups deduplicated records by platform, project, session, model or day and
 * sums their counts and costs. Totals are derived from the four disjoint
 * counts, never added from host totals.
 *
 * @module
 */

import type {
  UsageConfidence,
  UsageGroupBy,
  UsageRecord,
  UsageTokens,
} from "../core/usage_types.ts";
import type { HostId } from "../core/platform_types.ts";
import { addTokens, totalInput, totalTokens, zeroTokens } from "./tokens.ts";
import { type PriceTable, recordCost } from "./cost.ts";

/** One row of a usage report. */
export interface UsageRow {
  /** The group: platform id, project, session id, model id or `YYYY-MM-DD`. */
  key: string;
  /** The platforms in the group. */
  platforms: HostId[];
  /** Requests (or turns) counted. */
  requests: number;
  /** The summed counts. */
  tokens: UsageTokens;
  /** Uncached input + cache reads + cache writes. */
  totalInput: number;
  /** All input + output. */
  total: number;
  /** USD of the priced requests; absent when none was priced. */
  costUsd?: number;
  /** Requests that neither the host nor the price table priced. */
  unpriced: number;
  /** Whose numbers: one confidence, or `mixed`. */
  confidence: UsageConfidence | "mixed";
  /** The latest request's time (ms). */
  lastTs: number;
}

/** Options of {@link aggregateUsage}. */
export interface AggregateOptions {
  /** Prices records without a host cost; without it only host costs count. */
  prices?: PriceTable;
  /** Day boundaries in UTC instead of the local time zone. */
  utc?: boolean;
}

/** The day of `ts` as `YYYY-MM-DD`, local unless `utc`. */
export function dayOf(ts: number, utc = false): string {
  const d = new Date(ts);
  const y = utc ? d.getUTCFullYear() : d.getFullYear();
  const m = (utc ? d.getUTCMonth() : d.getMonth()) + 1;
  const day = utc ? d.getUTCDate() : d.getDate();
  return `${y}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The group key of `record` for `by`. */
export function groupKey(record: UsageRecord, by: UsageGroupBy, utc = false): string {
  switch (by) {
    case "platform":
      return record.platformId;
    case "project":
      return record.projectKey || "(unknown)";
    case "session":
      return `${record.platformId}\u0000${record.sessionId}`;
    case "model":
      return record.modelId ?? "(unknown)";
    case "day":
      return dayOf(record.ts, utc);
  }
}

/** Groups `records` by `by`; rows are sorted by day (for `day`) or by total, largest first. */
export function aggregateUsage(
  records: readonly UsageRecord[],
  by: UsageGroupBy,
  options: AggregateOptions = {},
): { rows: UsageRow[]; totals: UsageRow } {
  const groups = new Map<string, UsageRow>();
  const totals = emptyRow("total");
  for (const record of records) {
    const key = groupKey(record, by, options.utc);
    let row = groups.get(key);
    if (!row) groups.set(key, row = emptyRow(by === "session" ? key.split("\u0000")[1] : key));
    const cost = recordCost(record, options.prices);
    addTo(row, record, cost?.usd);
    addTo(totals, record, cost?.usd);
  }
  const rows = [...groups.values()];
  for (const row of [...rows, totals]) {
    row.totalInput = totalInput(row.tokens);
    row.total = totalTokens(row.tokens);
  }
  if (by === "day") rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  else rows.sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : 1));
  return { rows, totals };
}

function emptyRow(key: string): UsageRow {
  return {
    key,
    platforms: [],
    requests: 0,
    tokens: zeroTokens(),
    totalInput: 0,
    total: 0,
    unpriced: 0,
    confidence: "host-reported",
    lastTs: 0,
  };
}

function addTo(row: UsageRow, record: UsageRecord, cost: number | undefined): void {
  if (row.requests === 0) row.confidence = record.confidence;
  else if (row.confidence !== record.confidence) row.confidence = "mixed";
  row.requests++;
  addTokens(row.tokens, record.tokens);
  if (!row.platforms.includes(record.platformId)) row.platforms.push(record.platformId);
  if (cost === undefined) row.unpriced++;
  else row.costUsd = (row.costUsd ?? 0) + cost;
  if (record.ts > row.lastTs) row.lastTs = record.ts;
}
