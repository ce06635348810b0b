/**
 * Walking parsed data by key path, shared by the TOML and YAML editors and
 * the array-item matchers of all three formats.
 *
 * @module
 */

import { deepEqual } from "./hash.ts";

/** Which items of an array an edit addresses: equal fields, or a predicate. */
export type ItemMatch = Readonly<Record<string, unknown>> | ((item: unknown) => boolean);

/** True when `item` matches `match` (all listed fields deep-equal, or the predicate holds). */
export function itemMatches(match: ItemMatch, item: unknown): boolean {
  if (typeof match === "function") return match(item);
  if (!item || typeof item !== "object" || Array.isArray(item)) return false;
  const rec = item as Record<string, unknown>;
  return Object.entries(match).every(([k, v]) => deepEqual(rec[k], v));
}

/** Follows `path` through plain objects. */
export function walkData(v: unknown, path: readonly string[]): { found: boolean; value?: unknown } {
  for (const k of path) {
    if (!v || typeof v !== "object" || Array.isArray(v) || !Object.hasOwn(v, k)) {
      return { found: false };
    }
    v = (v as Record<string, unknown>)[k];
  }
  return { found: true, value: v };
}

/**
 * A copy of `data` without `path`, and without the ancestors that leaves
 * empty or null — so a parent table or map created implicitly by an
 * insertion does not count as a change elsewhere.
 */
export function withoutPath(data: unknown, path: readonly string[]): unknown {
  const copy = structuredClone(data ?? {}) as Record<string, unknown>;
  for (let n = path.length; n > 0; n--) {
    const parent = walkData(copy, path.slice(0, n - 1)).value as
      | Record<string, unknown>
      | undefined;
    const key = path[n - 1];
    if (!parent || typeof parent !== "object" || !Object.hasOwn(parent, key)) continue;
    const v = parent[key];
    const empty = v === null ||
      (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0);
    if (n === path.length || empty) delete parent[key];
    else break;
  }
  return copy;
}
