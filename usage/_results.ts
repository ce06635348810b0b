/**
 * Kept report results: per query (`--by`, time zone, price table, platforms,
 * tool version) and per platform, the platform's aggregated groups
 * (`aggregate.ts` {@link UsagePart}) with the fingerprint of the sources
 * they came from (`scan.ts` {@link UsageListing}). A re-scan loads, reads and
 * aggregates only the platforms whose sources changed and merges the rest
 * from here; with nothing changed it is list, stat, compare, merge, print.
 * The merge is exact (`_exact_sum.ts`): the numbers do not depend on which
 * platforms were kept.
 *
 * One file per query, `<cache dir>/report.<hash>.json`, holding the query
 * itself (a hash collision never answers another query), the local zone's
 * name (starting `Intl` is slow; the zone's identity is in the query)
 * and the parts. Aggregate counts and ids only, like the rest of the cache.
 *
 * @module
 */

import { join } from "node:path";
import type { HostId } from "../core/platform_types.ts";
import type { UsageGroupBy, UsageProblem, UsageSkipNote } from "../core/usage_types.ts";
import { hashString } from "./cache.ts";
import { fsReady, leanFs, nodeFs } from "../edge/node_fs.ts";
import type { PriceTable } from "./cost.ts";
import type { ScanOptions, UsageListing } from "./scan.ts";
import type { AggregateOptions, UsagePart, UsageRow } from "./aggregate.ts";

const FORMAT = 2;
/** Result files kept; past this the least recently written are removed. */
const KEEP = 24;

/** A report's aggregated result. */
export interface Aggregated {
  /** The rows, sorted. */
  rows: UsageRow[];
  /** Their totals. */
  totals: UsageRow;
  /** Requests nobody priced, by model id (`""`: no model logged). */
  unpricedModels: Record<string, number>;
  /** Platforms skipped, with why. */
  skipped: UsageSkipNote[];
  /** Problems of the listing, then of each platform's sources. */
  problems: UsageProblem[];
  /** The local zone's name (or `UTC`). */
  timeZone: string;
}

/** What one platform contributes to a report, as kept. */
interface KeptPlatform {
  fingerprint: string;
  part: UsagePart;
  problems: UsageProblem[];
}

interface Kept {
  timeZone: string;
  platforms: Record<string, KeptPlatform>;
}

/** How to compute a report (see {@link reportRows}). */
export interface ReportRequest {
  /** The scan's options. */
  options: ScanOptions;
  /** A fresh listing of the same options. */
  listing: UsageListing;
  /** The grouping. */
  by: UsageGroupBy;
  /** Prices for records without a host cost. */
  prices: PriceTable;
  /** Days in UTC. */
  utc: boolean;
  /** The view's zone, time bounds and breakdown (`aggregate.ts` options). */
  view?: Pick<AggregateOptions, "timeZone" | "since" | "until" | "breakdown">;
  /** The query results are kept under; none: nothing is kept nor read. */
  query?: unknown;
  /** The local zone's name, asked only when no kept result has it. */
  zoneName: () => string;
}

function file(dir: string, query: unknown): string {
  return join(dir, `report.${hashString(JSON.stringify(query))}.json`);
}

function load(dir: string, query: unknown): Kept | undefined {
  try {
    const data = JSON.parse(leanFs.readText(file(dir, query)));
    if (
      data?.format !== FORMAT || JSON.stringify(data.query) !== JSON.stringify(query) ||
      typeof data.timeZone !== "string" || typeof data.platforms !== "object" ||
      data.platforms === null
    ) {
      return undefined;
    }
    return data as Kept;
  } catch {
    return undefined; // absent or damaged: computed again
  }
}

/**
 * The report of `request`: kept parts for the platforms whose sources are
 * unchanged, a scan of the others, merged in listing order.
 */
export async function reportRows(request: ReportRequest): Promise<Aggregated> {
  const { listing, query, by } = request;
  await fsReady();
  const kept = query === undefined ? undefined : load(listing.cacheDir, query);
  const keptOf = (id: HostId, fingerprint: string) => {
    const k = kept?.platforms[id];
    return k?.fingerprint === fingerprint && Array.isArray(k.part?.groups) &&
        Array.isArray(k.part.platforms)
      ? k
      : undefined;
  };
  const omit = listing.platforms.filter((p) => keptOf(p.id, p.fingerprint)).map((p) => p.id);
  const fresh = new Map<HostId, KeptPlatform>();
  const { aggregatePart, mergeParts } = await import("./aggregate.ts");
  if (omit.length < listing.platforms.length) {
    const { scanUsage } = await import("./scan.ts");
    const scan = await scanUsage({ ...request.options, omit }, listing);
    const options = { prices: request.prices, utc: request.utc, ...request.view };
    for (const p of listing.platforms) {
      if (omit.includes(p.id)) continue;
      const tables = scan.tables.filter((t) => t.platform === p.id);
      fresh.set(p.id, {
        fingerprint: p.fingerprint,
        part: aggregatePart(tables, by, options),
        problems: scan.readProblems.filter((q) => q.platform === p.id),
      });
    }
  }
  const platforms: Record<string, KeptPlatform> = {};
  for (const p of listing.platforms) {
    platforms[p.id] = fresh.get(p.id) ?? keptOf(p.id, p.fingerprint)!;
  }
  const all = Object.values(platforms);
  const { rows, totals, unpricedModels } = mergeParts(all.map((k) => k.part), by);
  const timeZone = kept?.timeZone ?? request.view?.timeZone ??
    (request.utc ? "UTC" : request.zoneName());
  if (query !== undefined && fresh.size > 0) {
    const { writeCacheFile } = await import("./_cache_write.ts");
    const ok = writeCacheFile(
      file(listing.cacheDir, query),
      JSON.stringify({ format: FORMAT, query, timeZone, platforms }),
    );
    if (ok) prune(listing.cacheDir);
  }
  return {
    rows,
    totals,
    unpricedModels,
    skipped: [...listing.skipped],
    problems: [...listing.problems, ...all.flatMap((k) => k.problems)],
    timeZone,
  };
}

/** Removes all but the {@link KEEP} most recently written result files. */
function prune(dir: string): void {
  const { readdirSync, statSync, unlinkSync } = nodeFs();
  try {
    const names = readdirSync(dir).filter((n) => n.startsWith("report.") && n.endsWith(".json"));
    if (names.length <= KEEP) return;
    const dated = names.map((n) => {
      try {
        return { n, t: statSync(join(dir, n)).mtimeMs };
      } catch {
        return { n, t: 0 };
      }
    }).sort((a, b) => b.t - a.t);
    for (const { n } of dated.slice(KEEP)) {
      try {
        unlinkSync(join(dir, n));
      } catch { /* gone already */ }
    }
  } catch { /* the cache is optional */ }
}
