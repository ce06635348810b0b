/**
 * Kept report results: the aggregated rows of one query (`--by`, time zone,
 * price table, platforms, tool version) for one listing fingerprint
 * (`scan.ts` {@link UsageListing}), so a re-scan with nothing changed is list,
 * stat, compare and print: no snapshot is loaded, nothing is aggregated.
 *
 * One file per query, `<cache dir>/report.<hash>.json`, holding the query
 * itself (a hash collision never answers another query), the fingerprint and
 * the result. Aggregate counts and ids only, like the rest of the cache.
 *
 * @module
 */

import { readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { hashString, writeCacheFile } from "./cache.ts";

const FORMAT = 1;
/** Result files kept; past this the least recently written are removed. */
const KEEP = 24;

function file(dir: string, query: unknown): string {
  return join(dir, `report.${hashString(JSON.stringify(query))}.json`);
}

/** The result kept for `query` when it was computed for exactly `fingerprint`. */
export function loadResult<T>(dir: string, query: unknown, fingerprint: string): T | undefined {
  try {
    const data = JSON.parse(readFileSync(file(dir, query), "utf8"));
    if (
      data?.format !== FORMAT || data.fingerprint !== fingerprint ||
      JSON.stringify(data.query) !== JSON.stringify(query) || data.result === undefined
    ) {
      return undefined;
    }
    return data.result as T;
  } catch {
    return undefined; // absent or damaged: computed again
  }
}

/** Keeps `result` for `query` and `fingerprint`; false when it could not be written. */
export function saveResult(
  dir: string,
  query: unknown,
  fingerprint: string,
  result: unknown,
): boolean {
  const ok = writeCacheFile(
    file(dir, query),
    JSON.stringify({ format: FORMAT, query, fingerprint, result }),
  );
  if (ok) prune(dir);
  return ok;
}

/** Removes all but the {@link KEEP} most recently written result files. */
function prune(dir: string): void {
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
