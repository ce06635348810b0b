/**
 * Brings a platform's kept report part (`aggregate.ts` {@link UsagePart}) up
 * to date from what a small append changed: the rows added and the rows
 * they replaced, instead of aggregating every row of the platform again.
 * Counts add and subtract exactly, and costs are exact sums
 * (`_exact_sum.ts`), so the part equals one aggregated afresh — except a
 * group's latest time, which a removed row may have set: then the part
 * cannot be updated and undefined says to aggregate afresh.
 *
 * @module
 */

import type { UsageGroupBy } from "../core/usage_types.ts";
import type { RecordTable } from "./table.ts";
import {
  type AggregateOptions,
  aggregatePart,
  type GroupPart,
  latestProject,
  type UsagePart,
} from "./aggregate.ts";
import { exactAdd } from "./_exact_sum.ts";

const COUNTS = ["input", "cacheRead", "cacheWrite", "cacheWrite1h", "output", "reasoning"] as const;

/** `part` (one platform's) with `removed` taken out and `added` put in; undefined when it cannot. */
export function applyChange(
  part: UsagePart,
  added: RecordTable,
  removed: RecordTable,
  by: UsageGroupBy,
  options: AggregateOptions,
): UsagePart | undefined {
  // A breakdown's inner groups are not followed here: aggregated afresh.
  if (options.breakdown || part.groups.some((g) => g.sub)) return undefined;
  const plus = aggregatePart([added], by, options);
  const minus = aggregatePart([removed], by, options);
  const groups = new Map<string, GroupPart>();
  for (const g of part.groups) groups.set(g.id, structuredClone(g));
  const plusOf = new Map<string, GroupPart>();
  for (const g of plus.groups) {
    plusOf.set(g.id, g);
    let into = groups.get(g.id);
    if (!into) {
      groups.set(g.id, into = structuredClone(g));
      continue;
    }
    if (into.confidence !== g.confidence) return undefined; // one platform: never
    into.requests += g.requests;
    for (const k of COUNTS) into.tokens[k] += g.tokens[k];
    into.unpriced += g.unpriced;
    for (const x of g.cost) exactAdd(into.cost, x);
    if (g.project !== undefined) latestProject(into, g.lastTs, g.project);
    if (g.lastTs > into.lastTs) into.lastTs = g.lastTs;
  }
  for (const g of minus.groups) {
    const into = groups.get(g.id);
    if (!into || into.requests < g.requests) return undefined;
    // The latest time may have been the removed row's.
    if (g.lastTs >= into.lastTs && (plusOf.get(g.id)?.lastTs ?? -Infinity) < into.lastTs) {
      return undefined;
    }
    // So may a session's project (its latest request's).
    if (g.project !== undefined && g.lastTs >= into.lastTs) return undefined;
    into.requests -= g.requests;
    for (const k of COUNTS) into.tokens[k] -= g.tokens[k];
    into.unpriced -= g.unpriced;
    for (const x of g.cost) exactAdd(into.cost, -x);
    if (into.requests === into.unpriced) into.cost = [];
    if (into.requests === 0) groups.delete(g.id);
  }
  const platforms = groups.size > 0 ? [...part.platforms] : [];
  for (const p of plus.platforms) if (groups.size > 0 && !platforms.includes(p)) platforms.push(p);
  const unpricedModels = { ...part.unpricedModels };
  for (const [m, n] of Object.entries(plus.unpricedModels ?? {})) {
    unpricedModels[m] = (unpricedModels[m] ?? 0) + n;
  }
  for (const [m, n] of Object.entries(minus.unpricedModels ?? {})) {
    if ((unpricedModels[m] -= n) <= 0) delete unpricedModels[m];
  }
  return { platforms, groups: [...groups.values()], unpricedModels };
}
