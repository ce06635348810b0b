/**
 * Groups deduplicated records by platform, project, session, model or day and
 * sums their counts and costs. Totals are derived from the four disjoint
 * counts, never added from host totals; costs are exact sums rounded once
 * (`_exact_sum.ts`), so {@link mergeParts} of per-platform parts prints
 * what one pass over every table prints. Works on the scan's typed tables
 * without allocating per request; records (objects) are grouped into tables
 * first.
 *
 * @module
 */

import type { HostId } from "../core/platform_types.ts";
import type {
  UsageConfidence,
  UsageGroupBy,
  UsageRecord,
  UsageTokens,
} from "../core/usage_types.ts";
import { totalInput, totalTokens, zeroTokens } from "./tokens.ts";
import { findPrice, type ModelPrice, priceCounts, type PriceTable } from "./cost.ts";
import { type RecordTable, tableOf } from "./table.ts";
import { exactAdd, exactMerge, exactValue } from "./_exact_sum.ts";
import { dayIn, monthOf, weekOf } from "./dates.ts";

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
  /** A session's project (its latest request's), for `--by session`. */
  project?: string;
  /** The row's models (or platforms), costliest first (`--breakdown`). */
  breakdown?: UsageRow[];
}

/** Options of {@link aggregateUsage}. */
export interface AggregateOptions {
  /** Prices records without a host cost; without it only host costs count. */
  prices?: PriceTable;
  /** Day boundaries in UTC instead of the local time zone. */
  utc?: boolean;
  /** Day boundaries in this IANA zone (wins over `utc`). */
  timeZone?: string;
  /** Only requests at or after this time (ms). */
  since?: number;
  /** Only requests before this time (ms). */
  until?: number;
  /** Also group each row's requests by model (`--breakdown`) or by platform. */
  breakdown?: "model" | "platform";
}

/** The grouping axes whose rows are periods of time, in time order. */
export const TIME_AXES: readonly UsageGroupBy[] = ["day", "week", "month"];

/** The day of `ts` as `YYYY-MM-DD`: local, in UTC when `zone` is true, or in the named zone. */
export function dayOf(ts: number, zone: boolean | string = false): string {
  return dayIn(ts, zone === true ? "UTC" : zone === false ? "local" : zone);
}

/** Groups `records` by `by`; periods in time order, other rows costliest first ({@link byCost}). */
export function aggregateUsage(
  records: readonly UsageRecord[],
  by: UsageGroupBy,
  options: AggregateOptions = {},
): Merged {
  const groups = new Map<string, UsageRecord[]>();
  for (const r of records) {
    const k = `${r.platformId}\u0000${r.confidence}`;
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  const tables = [...groups.values()].map((list) =>
    tableOf(list[0].platformId, list[0].confidence, list)
  );
  return aggregateTables(tables, by, options);
}

const QUARTER_HOUR = 900_000; // every UTC offset in use is a multiple of 15 minutes

/** One group's sums within a {@link UsagePart}. */
export interface GroupPart {
  /** The group's identity (a session's is its platform and id). */
  id: string;
  /** Its label: {@link UsageRow.key}. */
  key: string;
  /** The platforms in it, in the order their first request came. */
  platforms: HostId[];
  /** Requests counted. */
  requests: number;
  /** The summed counts. */
  tokens: UsageTokens;
  /** Requests nobody priced. */
  unpriced: number;
  /** One confidence, or `mixed`. */
  confidence: UsageConfidence | "mixed";
  /** The latest request's time (ms). */
  lastTs: number;
  /** The priced requests' USD as exact partial sums (`_exact_sum.ts`); empty when none. */
  cost: number[];
  /** A session's project (its latest request's). */
  project?: string;
  /** The group's requests by model or platform (`--breakdown`), ids being their names. */
  sub?: GroupPart[];
}

/**
 * The groups of some tables before they are sorted into rows: plain JSON, so
 * a report can keep one per platform and merge the kept ones with fresh
 * ones ({@link mergeParts}); the rows come out exactly as if every table had
 * been aggregated in one pass.
 */
export interface UsagePart {
  /** The platforms with requests, in table order. */
  platforms: HostId[];
  /** The groups, in the order their first request came. */
  groups: GroupPart[];
  /** Requests nobody priced, by model id (`""`: no model logged). */
  unpricedModels?: Record<string, number>;
}

/** Groups the rows of `tables` by `by` (see {@link aggregateUsage}). */
export function aggregateTables(
  tables: readonly RecordTable[],
  by: UsageGroupBy,
  options: AggregateOptions = {},
): Merged {
  return mergeParts([aggregatePart(tables, by, options)], by);
}

/** What {@link mergeParts} returns: rows, their totals, and the models nobody priced. */
export interface Merged {
  /** The sorted rows. */
  rows: UsageRow[];
  /** Their totals. */
  totals: UsageRow;
  /** Requests nobody priced, by model id (`""`: no model logged), ids sorted. */
  unpricedModels: Record<string, number>;
}

/** The groups of `tables` by `by`, to be merged by {@link mergeParts}. */
export function aggregatePart(
  tables: readonly RecordTable[],
  by: UsageGroupBy,
  options: AggregateOptions = {},
): UsagePart {
  const groups = new Map<string, GroupPart>();
  const platforms: HostId[] = [];
  const unpricedModels: Record<string, number> = {};
  const row = (key: string, label = key) => {
    let r = groups.get(key);
    if (!r) groups.set(key, r = emptyGroup(key, label));
    return r;
  };
  const days = new Map<number, string>();
  const zone = options.timeZone ?? (options.utc ? "UTC" : "local");
  const period = by === "week" ? weekOf : by === "month" ? monthOf : undefined;
  const { since, until, breakdown } = options;
  const subs = new Map<GroupPart, Map<string, GroupPart>>();
  for (const t of tables) {
    const s = t.strings;
    // Per-table caches by string index, so the loop below allocates nothing.
    const byIndex = new Map<number, GroupPart>();
    const prices = new Map<number, ModelPrice | undefined>();
    if (t.count === 0) continue;
    if (!platforms.includes(t.platform)) platforms.push(t.platform);
    const platformRow = by === "platform" ? row(t.platform) : undefined;
    for (let i = 0; i < t.count; i++) {
      const ts = t.ts[i];
      if ((since !== undefined && ts < since) || (until !== undefined && ts >= until)) continue;
      let target: GroupPart;
      if (platformRow) target = platformRow;
      else if (by === "day" || period) {
        const q = Math.floor(ts / QUARTER_HOUR);
        let day = days.get(q);
        if (day === undefined) {
          day = dayIn(q * QUARTER_HOUR, zone);
          days.set(q, day = period ? period(day) : day);
        }
        target = row(day);
      } else {
        const column = by === "model" ? t.model : by === "project" ? t.project : t.session;
        const idx = column[i];
        let hit = byIndex.get(idx);
        if (!hit) {
          const name = idx >= 0 ? s[idx] : "";
          hit = by === "session"
            ? row(`${t.platform}\u0000${name}`, name)
            : row(name || "(unknown)");
          byIndex.set(idx, hit);
        }
        target = hit;
      }
      let cost = t.cost[i];
      // A host's 0 for tokens of a model no price knows is no price (cost.ts).
      const hostZero = cost === 0 &&
        (t.input[i] !== 0 || t.cacheRead[i] !== 0 || t.cacheWrite[i] !== 0 || t.output[i] !== 0);
      if ((Number.isNaN(cost) || hostZero) && options.prices) {
        const m = t.model[i];
        let price = prices.get(m);
        if (!prices.has(m)) {
          prices.set(m, price = m >= 0 ? findPrice(options.prices, s[m]) : undefined);
        }
        if (hostZero) {
          if (!price) cost = NaN;
        } else if (price) {
          const mult = t.multiplier[i];
          cost = priceCounts(price, {
            input: t.input[i],
            cacheRead: t.cacheRead[i],
            cacheWrite: t.cacheWrite[i],
            cacheWrite1h: t.cacheWrite1h[i],
            output: t.output[i],
          }, Number.isNaN(mult) ? 1 : mult);
        } else if (
          t.input[i] === 0 && t.cacheRead[i] === 0 && t.cacheWrite[i] === 0 && t.output[i] === 0
        ) {
          cost = 0; // nothing to bill, priced or not (Claude Code's `<synthetic>` turns)
        }
      }
      if (Number.isNaN(cost)) {
        const m = t.model[i];
        const name = m >= 0 ? s[m] : "";
        unpricedModels[name] = (unpricedModels[name] ?? 0) + 1;
      }
      if (by === "session") {
        const p = t.project[i];
        latestProject(target, ts, p >= 0 ? s[p] : "");
      }
      add(target, t, i, cost);
      if (breakdown) {
        let inner = subs.get(target);
        if (!inner) subs.set(target, inner = new Map());
        const m = t.model[i];
        const name = breakdown === "platform" ? t.platform : m >= 0 ? s[m] : "(unknown)";
        let g = inner.get(name);
        if (!g) inner.set(name, g = emptyGroup(name, name));
        add(g, t, i, cost);
      }
    }
  }
  for (const [g, inner] of subs) g.sub = [...inner.values()];
  return { platforms, groups: [...groups.values()], unpricedModels };
}

/**
 * Merges parts (in the order their tables would have been aggregated) into
 * sorted rows and totals: periods (day, week, month) in time order, other
 * rows costliest first ({@link byCost}).
 * Counts add exactly; costs are exact sums rounded once, so the rows do not
 * depend on how the tables were split into parts.
 */
export function mergeParts(
  parts: readonly UsagePart[],
  by: UsageGroupBy,
): Merged {
  const groups = new Map<string, GroupPart>();
  const all = emptyGroup("", "total");
  const unpriced = new Map<string, number>();
  for (const part of parts) {
    for (const [m, n] of Object.entries(part.unpricedModels ?? {})) {
      unpriced.set(m, (unpriced.get(m) ?? 0) + n);
    }
    for (const g of part.groups) {
      let into = groups.get(g.id);
      if (!into) groups.set(g.id, into = emptyGroup(g.id, g.key));
      merge(into, g);
      merge(all, g);
    }
  }
  all.platforms = [];
  delete all.project;
  for (const part of parts) {
    for (const p of part.platforms) if (!all.platforms.includes(p)) all.platforms.push(p);
  }
  const rows = [...groups.values()].map(toRow);
  const totals = toRow(all);
  if (TIME_AXES.includes(by)) rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  else rows.sort(byCost);
  const unpricedModels = Object.fromEntries([...unpriced].sort(([a], [b]) => a < b ? -1 : 1));
  return { rows, totals, unpricedModels };
}

/** Costliest first, then most tokens, then by key: the order of rows that are not periods. */
export function byCost(a: UsageRow, b: UsageRow): number {
  return (b.costUsd ?? -1) - (a.costUsd ?? -1) || b.total - a.total ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Keeps a session's project: its latest request's (the greater name on a
 * tie), so it does not depend on the order requests were read in. Called
 * before `g.lastTs` takes `ts`.
 */
export function latestProject(g: GroupPart, ts: number, project: string): void {
  if (
    g.project === undefined || ts > g.lastTs || (ts === g.lastTs && project > g.project)
  ) {
    g.project = project;
  }
}

function emptyGroup(id: string, key: string): GroupPart {
  return {
    id,
    key,
    platforms: [],
    requests: 0,
    tokens: zeroTokens(),
    unpriced: 0,
    confidence: "host-reported",
    lastTs: 0,
    cost: [],
  };
}

function merge(into: GroupPart, g: GroupPart): void {
  if (g.requests === 0) return;
  if (into.requests === 0) into.confidence = g.confidence;
  else if (into.confidence !== g.confidence) into.confidence = "mixed";
  into.requests += g.requests;
  const k = into.tokens;
  k.input += g.tokens.input;
  k.cacheRead += g.tokens.cacheRead;
  k.cacheWrite += g.tokens.cacheWrite;
  k.cacheWrite1h += g.tokens.cacheWrite1h;
  k.output += g.tokens.output;
  k.reasoning += g.tokens.reasoning;
  for (const p of g.platforms) if (!into.platforms.includes(p)) into.platforms.push(p);
  into.unpriced += g.unpriced;
  exactMerge(into.cost, g.cost);
  if (g.project !== undefined) latestProject(into, g.lastTs, g.project);
  if (g.lastTs > into.lastTs) into.lastTs = g.lastTs;
  if (g.sub) {
    into.sub ??= [];
    for (const s of g.sub) {
      let x = into.sub.find((y) => y.id === s.id);
      if (!x) into.sub.push(x = emptyGroup(s.id, s.key));
      merge(x, s);
    }
  }
}

function toRow(g: GroupPart): UsageRow {
  const row: UsageRow = {
    key: g.key,
    platforms: g.platforms,
    requests: g.requests,
    tokens: g.tokens,
    totalInput: totalInput(g.tokens),
    total: totalTokens(g.tokens),
    unpriced: g.unpriced,
    confidence: g.confidence,
    lastTs: g.lastTs,
  };
  if (g.cost.length > 0) row.costUsd = exactValue(g.cost);
  if (g.project !== undefined) row.project = g.project;
  if (g.sub) row.breakdown = g.sub.map(toRow).sort(byCost);
  return row;
}

function add(row: GroupPart, t: RecordTable, i: number, cost: number): void {
  if (row.requests === 0) row.confidence = t.confidence;
  else if (row.confidence !== t.confidence) row.confidence = "mixed";
  row.requests++;
  const k = row.tokens;
  k.input += t.input[i];
  k.cacheRead += t.cacheRead[i];
  k.cacheWrite += t.cacheWrite[i];
  k.cacheWrite1h += t.cacheWrite1h[i];
  k.output += t.output[i];
  k.reasoning += t.reasoning[i];
  if (
    row.platforms[row.platforms.length - 1] !== t.platform && !row.platforms.includes(t.platform)
  ) {
    row.platforms.push(t.platform);
  }
  if (Number.isNaN(cost)) row.unpriced++;
  else exactAdd(row.cost, cost);
  if (t.ts[i] > row.lastTs) row.lastTs = t.ts[i];
}
