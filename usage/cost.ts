/**
 * Cost in USD. The host's own logged cost wins; otherwise each bucket is
 * priced from a table (USD per million tokens) and multiplied by the record's
 * pricing multiplier. A model the table does not price has no cost
 * (`undefined`), never 0.
 *
 * Model-id matching (our rules, tested in `cost_test.ts`): case-insensitive;
 * a table key prices exactly that id, the id with one leading
 * `<provider>/` segment (`anthropic/claude-sonnet-4-5`), the id followed by a
 * date (`-20250929`, `@20250929`, `-2025-08-07`, also before a `-fast`
 * suffix), and both together. Any other ending names another model:
 * `gpt-5` prices neither `gpt-5.1` nor `gpt-5-codex`. A table entry without a
 * cache price charges cache tokens at its input price.
 *
 * @module
 */

import type { UsageRecord } from "../core/usage_types.ts";

/** Prices of one model in USD per million tokens. */
export interface ModelPrice {
  /** Uncached input. */
  input?: number;
  /** Output (reasoning included). */
  output?: number;
  /** Cache reads. */
  cacheRead?: number;
  /** 5-minute cache writes. */
  cacheWrite?: number;
  /** 1-hour cache writes. */
  cacheWrite1h?: number;
}

/** A price table: a version naming it and prices by lowercased model id. */
export interface PriceTable {
  /** Names the table that priced a cost (`<date>+<commit>+<digest>`). */
  version: string;
  /** Prices by lowercased model id. */
  models: Record<string, ModelPrice>;
}

/** Where a cost came from. */
export type CostSource = "host" | "table";

/** Loads the price table shipped with the package (`usage/prices.json`). */
export async function loadPriceTable(): Promise<PriceTable> {
  const mod = await import("./prices.json", { with: { type: "json" } });
  return mod.default as PriceTable;
}

const DATE = /(?:[-@]\d{8}|-\d{4}-\d{2}-\d{2})(?=$|-fast$)/;

/** The ids to look up for `modelId`, most specific first. */
export function priceCandidates(modelId: string): string[] {
  const id = modelId.trim().toLowerCase();
  const slash = id.indexOf("/");
  const bare = slash > 0 && slash === id.lastIndexOf("/") ? id.slice(slash + 1) : id;
  const out = [id, bare, id.replace(DATE, ""), bare.replace(DATE, "")];
  return [...new Set(out)];
}

const found = new WeakMap<PriceTable, Map<string, ModelPrice | undefined>>();

/** Finds the price of `modelId` in `table`, by the rules above. */
export function findPrice(table: PriceTable, modelId: string | undefined): ModelPrice | undefined {
  if (!modelId) return undefined;
  let memo = found.get(table);
  if (!memo) found.set(table, memo = new Map());
  if (memo.has(modelId)) return memo.get(modelId);
  let hit: ModelPrice | undefined;
  for (const candidate of priceCandidates(modelId)) {
    const price = Object.hasOwn(table.models, candidate) ? table.models[candidate] : undefined;
    if (price && typeof price.input === "number" && typeof price.output === "number") {
      hit = price;
      break;
    }
  }
  memo.set(modelId, hit);
  return hit;
}

/** The cost in USD of one request's counts at `price`, times `multiplier`. */
export function priceCounts(
  price: ModelPrice,
  t: { input: number; cacheRead: number; cacheWrite: number; cacheWrite1h: number; output: number },
  multiplier = 1,
): number {
  const input = price.input!;
  const write5m = t.cacheWrite - t.cacheWrite1h;
  return (t.input * input +
    t.cacheRead * (price.cacheRead ?? input) +
    write5m * (price.cacheWrite ?? input) +
    t.cacheWrite1h * (price.cacheWrite1h ?? price.cacheWrite ?? input) +
    t.output * price.output!) / 1e6 * multiplier;
}

/** The cost of `record` and its source, or undefined when nothing prices it. */
export function recordCost(
  record: Pick<UsageRecord, "modelId" | "tokens" | "costUsd" | "pricingMultiplier">,
  table: PriceTable | undefined,
): { usd: number; source: CostSource } | undefined {
  if (record.costUsd !== undefined) return { usd: record.costUsd, source: "host" };
  if (!table) return undefined;
  const price = findPrice(table, record.modelId);
  if (!price) return undefined;
  return { usd: priceCounts(price, record.tokens, record.pricingMultiplier ?? 1), source: "table" };
}
