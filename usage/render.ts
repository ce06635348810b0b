/**
 * Text, JSON and CSV shapes of usage rows and records. Counts, ids and model
 * names only: nothing a prompt said.
 *
 * @module
 */

import type { UsageRecord } from "../core/usage_types.ts";
import type { UsageRow } from "./aggregate.ts";
import { type PriceTable, recordCost } from "./cost.ts";
import { totalInput, totalTokens } from "./tokens.ts";

/** A row flattened for `--json`. */
export interface UsageRowJson {
  /** The group key. */
  key: string;
  /** Platforms in the group. */
  platforms: string[];
  /** Requests counted. */
  requests: number;
  /** Uncached input. */
  input: number;
  /** Cache reads. */
  cacheRead: number;
  /** Cache writes (5-minute and 1-hour). */
  cacheWrite: number;
  /** The 1-hour part of the cache writes. */
  cacheWrite1h: number;
  /** Output, reasoning included. */
  output: number;
  /** The reasoning part of the output. */
  reasoning: number;
  /** All input. */
  totalInput: number;
  /** All input and output. */
  total: number;
  /** USD, absent when nothing in the row was priced. */
  costUsd?: number;
  /** Requests without a price. */
  unpriced: number;
  /** Confidence of the numbers. */
  confidence: string;
  /** ISO-8601 UTC time of the row's latest request (a session's last activity). */
  lastActivity?: string;
  /** A session's project (full path or id). */
  project?: string;
  /** The row's models, costliest first (`--breakdown`). */
  breakdown?: UsageRowJson[];
}

/** Flattens a row for JSON output. */
export function rowJson(row: UsageRow): UsageRowJson {
  const out: UsageRowJson = {
    key: row.key,
    platforms: row.platforms,
    requests: row.requests,
    ...row.tokens,
    totalInput: row.totalInput,
    total: row.total,
    unpriced: row.unpriced,
    confidence: row.confidence,
  };
  if (row.costUsd !== undefined) out.costUsd = round(row.costUsd);
  if (row.lastTs > 0) out.lastActivity = new Date(row.lastTs).toISOString();
  if (row.project !== undefined) out.project = row.project;
  if (row.breakdown) out.breakdown = row.breakdown.map(rowJson);
  return out;
}

/** Rounds USD to 1/1,000,000 so sums print without float noise. */
export function round(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}

/** `12,345`. */
export function num(n: number): string {
  return n.toLocaleString("en-US");
}

/** `$1,234.56` (always cents), `—` when unpriced, a trailing `+` when some requests had no price. */
export function money(usd: number | undefined, unpriced = 0): string {
  if (usd === undefined) return "—";
  const text = "$" + usd.toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return unpriced > 0 ? `${text}+` : text;
}

/** Renders an aligned table: text columns left, numeric columns right. */
export function table(head: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ").trimEnd();
  return [line(head), ...rows.map(line)].join("\n") + "\n";
}

/** One exported record. */
export interface ExportRecord {
  /** Host id. */
  platform: string;
  /** Session id. */
  sessionId: string;
  /** Project key. */
  project: string;
  /** Model id ("" when not logged). */
  model: string;
  /** Provider id ("" when not logged). */
  provider: string;
  /** ISO-8601 UTC time. */
  time: string;
  /** Uncached input. */
  input: number;
  /** Cache reads. */
  cacheRead: number;
  /** Cache writes. */
  cacheWrite: number;
  /** 1-hour part of the cache writes. */
  cacheWrite1h: number;
  /** Output, reasoning included. */
  output: number;
  /** Reasoning part of the output. */
  reasoning: number;
  /** All input. */
  totalInput: number;
  /** All tokens. */
  total: number;
  /** USD, null when unpriced. */
  costUsd: number | null;
  /** `host`, `table`, or null. */
  costSource: string | null;
  /** Confidence. */
  confidence: string;
}

/** Flattens a record for export. */
export function exportRecord(r: UsageRecord, prices: PriceTable | undefined): ExportRecord {
  const cost = recordCost(r, prices);
  return {
    platform: r.platformId,
    sessionId: r.sessionId,
    project: r.projectKey,
    model: r.modelId ?? "",
    provider: r.providerId ?? "",
    time: new Date(r.ts).toISOString(),
    ...r.tokens,
    totalInput: totalInput(r.tokens),
    total: totalTokens(r.tokens),
    costUsd: cost ? round(cost.usd) : null,
    costSource: cost?.source ?? null,
    confidence: r.confidence,
  };
}

const COLUMNS: (keyof ExportRecord)[] = [
  "platform",
  "sessionId",
  "project",
  "model",
  "provider",
  "time",
  "input",
  "cacheRead",
  "cacheWrite",
  "cacheWrite1h",
  "output",
  "reasoning",
  "totalInput",
  "total",
  "costUsd",
  "costSource",
  "confidence",
];

/**
 * Orders records of the same time column by column, so they come out in one
 * order however they were gathered (the kept state and a full read list
 * them differently); 0 only for records that export the same.
 */
export function exportOrder(a: ExportRecord, b: ExportRecord): number {
  for (const c of COLUMNS) {
    const x = a[c];
    const y = b[c];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x ?? "") < String(y ?? "") ? -1 : 1;
  }
  return 0;
}

/** Renders records as CSV (RFC 4180 quoting) with a header line. */
export function csv(records: ExportRecord[]): string {
  const cols = COLUMNS;
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [cols.join(","), ...records.map((r) => cols.map((c) => cell(r[c])).join(","))].join("\n") +
    "\n";
}
