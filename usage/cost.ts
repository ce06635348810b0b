/**
 * Cost in USD. The host's own logged cost wins; otherwise each request is
 * priced from a price table and multiplied by the record's pricing
 * multiplier. A model the table does not price has no cost (`undefined`),
 * never 0; the report names such models in a note. A host's cost of 0 for
 * tokens of a model the table does not price is such a case too: hosts log 0
 * for a model their own config gives no price (opencode, Kilo and pi with a
 * custom provider, as the real-host lab runs them), which is no price at all.
 *
 * The table is read from a file in LiteLLM's `model_prices_and_context_window
 * .json` format (USD per token): the shipped `usage/model_prices.json`
 * (re-derived by `scripts/gen_prices.ts`), or the file
 * `AGENT_CONNECTOR_PRICES` names. Nothing is fetched over the network.
 *
 * Pricing rules (tested in `cost_test.ts`):
 * - each bucket at its own rate; cache reads and writes without a rate of
 *   their own at the input rate; 1-hour cache writes at
 *   `cache_creation_input_token_cost_above_1hr`, else the 5-minute rate;
 *   reasoning is part of the output and billed as output;
 * - tiers (`*_above_<N>k_tokens`) apply per request: when the request's
 *   prompt (uncached input + cache reads + cache writes) exceeds N thousand
 *   tokens, every bucket of that request is billed at the tier's rate where
 *   it has one (Anthropic's long-context and Gemini's >200k prices are both
 *   billed that way, on the whole request);
 * - a request whose counts are all zero costs 0 even without a price.
 *
 * Model-id matching: {@link priceCandidates}.
 *
 * @module
 */

import type { UsageRecord } from "../core/usage_types.ts";

/** Rates of one model, USD per token. */
export interface Rates {
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

/** Rates that replace the base ones when a request's prompt exceeds `above` tokens. */
export interface PriceTier extends Rates {
  /** The prompt size (tokens) a request must exceed. */
  above: number;
}

/** The price of one model: base rates (USD per token) and its tiers, lowest first. */
export interface ModelPrice extends Rates {
  /** Long-prompt tiers, by ascending threshold. */
  tiers?: PriceTier[];
}

/** A price table: a version naming it and prices by lowercased model id. */
export interface PriceTable {
  /** Names the prices behind a cost (cached results are kept per version). */
  version: string;
  /** Where the prices come from (a file path, or the shipped snapshot). */
  source: string;
  /** Prices by lowercased model id. */
  models: Record<string, ModelPrice>;
}

/** Where a cost came from. */
export type CostSource = "host" | "table";

/** The environment variable naming a price file to use instead of the shipped one. */
export const PRICES_ENV = "AGENT_CONNECTOR_PRICES";

const BUCKETS: Record<keyof Rates, string> = {
  input: "input_cost_per_token",
  output: "output_cost_per_token",
  cacheRead: "cache_read_input_token_cost",
  cacheWrite: "cache_creation_input_token_cost",
  cacheWrite1h: "cache_creation_input_token_cost_above_1hr",
};

/** The LiteLLM fields a price is read from (the generator keeps only these). */
export const LITELLM_PRICE_FIELDS: readonly string[] = Object.values(BUCKETS).flatMap((f) => [
  f,
  `${f}_above_200k_tokens`,
  `${f}_above_272k_tokens`,
]);

const TIER = /^(.*)_above_(\d+)k_tokens$/;

/** One LiteLLM entry as a {@link ModelPrice}; undefined without input and output rates. */
export function priceOfEntry(entry: Record<string, unknown>): ModelPrice | undefined {
  const num = (k: string) => {
    const v = entry[k];
    return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined;
  };
  const price: ModelPrice = {};
  const tiers = new Map<number, PriceTier>();
  for (const [bucket, field] of Object.entries(BUCKETS) as [keyof Rates, string][]) {
    const v = num(field);
    if (v !== undefined) price[bucket] = v;
  }
  for (const key of Object.keys(entry)) {
    const m = TIER.exec(key);
    const v = m ? num(key) : undefined;
    if (!m || v === undefined) continue;
    const bucket = (Object.keys(BUCKETS) as (keyof Rates)[]).find((b) => BUCKETS[b] === m[1]);
    if (!bucket) continue;
    const above = Number(m[2]) * 1000;
    let tier = tiers.get(above);
    if (!tier) tiers.set(above, tier = { above });
    tier[bucket] = v;
  }
  if (price.input === undefined || price.output === undefined) return undefined;
  if (tiers.size > 0) price.tiers = [...tiers.values()].sort((a, b) => a.above - b.above);
  return price;
}

/**
 * Parses a price file's text (LiteLLM's format). Entries without numeric
 * input and output rates (`sample_spec`, `_snapshot`, image or audio
 * models) are left out; a file that is not a JSON object, or prices
 * nothing, is an error naming `source`.
 */
export function parsePriceFile(text: string, source: string): PriceTable {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON (${(error as Error).message})`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Error(`${source}: expected a JSON object of model ids (LiteLLM's format)`);
  }
  const models: Record<string, ModelPrice> = {};
  for (const [id, entry] of Object.entries(data as Record<string, unknown>)) {
    if (typeof entry !== "object" || entry === null) continue;
    const price = priceOfEntry(entry as Record<string, unknown>);
    if (price) models[id.trim().toLowerCase()] ??= price;
  }
  if (Object.keys(models).length === 0) {
    throw new Error(
      `${source}: no model has numeric input_cost_per_token and output_cost_per_token ` +
        `(LiteLLM's model_prices_and_context_window.json format is expected)`,
    );
  }
  const snapshot = (data as { _snapshot?: { version?: unknown } })._snapshot;
  const version = typeof snapshot?.version === "string" ? snapshot.version : `file+${digest(text)}`;
  return { version, source, models };
}

/** 12 hex digits naming `text` (FNV-1a, 48 bits): a changed file gets a new version. */
function digest(text: string): string {
  let h = 0xcbf29ce484222325n;
  const mask = (1n << 64n) - 1n;
  for (let i = 0; i < text.length; i++) {
    h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & mask;
  }
  return (h >> 16n).toString(16).padStart(12, "0");
}

/**
 * Loads the price table: the file `AGENT_CONNECTOR_PRICES` names in `env`
 * (an error naming it when it cannot be read or parsed), else the shipped
 * `usage/model_prices.json`.
 */
export async function loadPriceTable(
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<PriceTable> {
  const path = env[PRICES_ENV];
  if (path) {
    const { readFileSync } = await import("node:fs");
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new Error(
        `${PRICES_ENV}=${path}: cannot read the price file (${(error as Error).message}); ` +
          `unset it to use the shipped prices`,
      );
    }
    return parsePriceFile(text, path);
  }
  const mod = await import("./model_prices.json", { with: { type: "json" } });
  return parsePriceFile(JSON.stringify(mod.default), "usage/model_prices.json");
}

/** Leading provider and route prefixes hosts and gateways put before a model id. */
const PREFIX = /^(?:~|models\/|(?:[a-z]{2,6}\.)?anthropic\.|anthropic--?|databricks-)/;
/** Trailing forms that name the same model: dates, versions, aliases, thinking variants. */
const SUFFIXES = [
  /:.*$/, // `:thinking`, Bedrock's `-v1:0`
  /(?<=^claude.*)-v\d+$/, // Bedrock's version of a Claude id
  /@(?:\d{8}|default)$/,
  /-\d{8}$/,
  /-\d{4}-\d{2}-\d{2}$/,
  /-latest$/,
  /-think(?:ing)?$/,
];
/** A key's release date, which an id may leave out. */
const DATED = /(?:-\d{8}|-\d{4}-\d{2}-\d{2})$/;
/** Gemini preview dates (`-preview-06-05`): the release's own price. */
const PREVIEW = /-preview(?:-\d{2}-\d{2,4})?$/;

/** `claude-3.5-sonnet` and `claude-3-5-sonnet` are one model. */
const dots = (id: string) => id.replace(/(\d)\.(\d)/g, "$1-$2");

/**
 * The ids to look up for `modelId`, most specific first: the id itself
 * (case-insensitive); without its provider path (`anthropic/`,
 * `openrouter/anthropic/`, `gemini/`, `models/`) and route prefixes
 * (Bedrock's `us.anthropic.`, `anthropic--`); then, one by one, without a
 * trailing `:variant`, `-v1`, `@20250929`, `-20250929`, `-2025-08-07`,
 * `-latest`, `-thinking`, and last without a Gemini `-preview[-MM-DD]`.
 * Any other ending names another model: `gpt-5` prices neither `gpt-5.1`
 * nor `gpt-5-codex`, and `-fast` (billed at its own rate) is never dropped.
 */
export function priceCandidates(modelId: string): string[] {
  const id = modelId.trim().toLowerCase();
  const out = [id];
  let bare = id.slice(id.lastIndexOf("/") + 1);
  for (let prev = ""; prev !== bare;) {
    prev = bare;
    bare = bare.replace(PREFIX, "");
  }
  out.push(bare);
  let cut = bare;
  for (let changed = true; changed;) {
    changed = false;
    for (const re of SUFFIXES) {
      const next = cut.replace(re, "");
      if (next !== cut && next.length > 0) {
        out.push(cut = next);
        changed = true;
      }
    }
  }
  const preview = cut.replace(PREVIEW, "");
  if (preview !== cut && preview.length > 0) out.push(preview);
  return [...new Set(out)];
}

interface Index {
  memo: Map<string, ModelPrice | undefined>;
  /** Keys by their dotless, date-less form, when that form names one price. */
  loose: Map<string, ModelPrice | null>;
}

const indexes = new WeakMap<PriceTable, Index>();

function indexOf(table: PriceTable): Index {
  let index = indexes.get(table);
  if (index) return index;
  const loose = new Map<string, ModelPrice | null>();
  for (const key of Object.keys(table.models).sort()) {
    const price = table.models[key];
    // Each key answers its dotless form, also without its date
    // (`claude-sonnet-4-20250514` answers `claude-sonnet-4`).
    for (const form of new Set([key, key.replace(DATED, "")].map(dots))) {
      const had = loose.get(form);
      if (had === undefined) loose.set(form, price);
      else if (had !== null && JSON.stringify(had) !== JSON.stringify(price)) {
        loose.set(form, null); // two prices: ambiguous, answers nothing
      }
    }
  }
  indexes.set(table, index = { memo: new Map(), loose });
  return index;
}

/**
 * Finds the price of `modelId` in `table`: the first of
 * {@link priceCandidates} that is a key, else the first whose dotless form
 * (`claude-sonnet-4.5` = `claude-sonnet-4-5`) names exactly one price among
 * the keys and their own candidates (a dated key prices its undated id).
 */
export function findPrice(table: PriceTable, modelId: string | undefined): ModelPrice | undefined {
  if (!modelId) return undefined;
  const index = indexOf(table);
  if (index.memo.has(modelId)) return index.memo.get(modelId);
  const candidates = priceCandidates(modelId);
  let hit: ModelPrice | undefined;
  for (const c of candidates) {
    if (Object.hasOwn(table.models, c)) {
      hit = table.models[c];
      break;
    }
  }
  if (!hit) {
    for (const c of candidates) {
      const loose = index.loose.get(dots(c));
      if (loose) {
        hit = loose;
        break;
      }
    }
  }
  index.memo.set(modelId, hit);
  return hit;
}

/** The counts of one request, as {@link priceCounts} reads them. */
export interface PricedCounts {
  /** Uncached input. */
  input: number;
  /** Cache reads. */
  cacheRead: number;
  /** Cache writes, 5-minute and 1-hour. */
  cacheWrite: number;
  /** The 1-hour part of `cacheWrite`. */
  cacheWrite1h: number;
  /** Output, reasoning included. */
  output: number;
}

/** The cost in USD of one request's counts at `price`, times `multiplier` (see the module doc). */
export function priceCounts(price: ModelPrice, t: PricedCounts, multiplier = 1): number {
  const prompt = t.input + t.cacheRead + t.cacheWrite;
  let tier: PriceTier | undefined;
  for (const x of price.tiers ?? []) if (prompt > x.above) tier = x;
  const rate = (b: keyof Rates) => tier?.[b] ?? price[b];
  const input = rate("input")!;
  const write = rate("cacheWrite") ?? input;
  const write1h = rate("cacheWrite1h") ?? write;
  return (t.input * input +
    t.cacheRead * (rate("cacheRead") ?? input) +
    (t.cacheWrite - t.cacheWrite1h) * write +
    t.cacheWrite1h * write1h +
    t.output * rate("output")!) * multiplier;
}

/** Whether every count of `t` is zero (such a request costs 0, priced or not). */
export function noTokens(t: PricedCounts): boolean {
  return t.input === 0 && t.cacheRead === 0 && t.cacheWrite === 0 && t.output === 0;
}

/** The cost of `record` and its source, or undefined when nothing prices it. */
export function recordCost(
  record: Pick<UsageRecord, "modelId" | "tokens" | "costUsd" | "pricingMultiplier">,
  table: PriceTable | undefined,
): { usd: number; source: CostSource } | undefined {
  if (record.costUsd !== undefined && !hostZeroUnpriced(record, table)) {
    return { usd: record.costUsd, source: "host" };
  }
  if (!table) return undefined;
  const price = findPrice(table, record.modelId);
  if (!price) return noTokens(record.tokens) ? { usd: 0, source: "table" } : undefined;
  return { usd: priceCounts(price, record.tokens, record.pricingMultiplier ?? 1), source: "table" };
}

/**
 * Whether a host's logged cost of 0 stands for "no price" (see the module
 * doc): tokens were counted and `table` does not price the model.
 */
export function hostZeroUnpriced(
  record: Pick<UsageRecord, "modelId" | "tokens" | "costUsd">,
  table: PriceTable | undefined,
): boolean {
  return record.costUsd === 0 && table !== undefined && !noTokens(record.tokens) &&
    findPrice(table, record.modelId) === undefined;
}
