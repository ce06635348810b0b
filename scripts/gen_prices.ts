/**
 * Re-derives `usage/model_prices.json`, the price data `usage` loads at run
 * time, from two public snapshots:
 *
 * - LiteLLM's `model_prices_and_context_window.json` (USD per token), as kept
 *   filtered in Wei-Shaw/model-price-repo at commit f9ff1473 (2026-07-24):
 *   the main source. Every entry is kept, with only its price fields (base,
 *   `_above_<N>k_tokens` tiers, 1-hour cache writes) and its provider.
 * - models.dev prices as kept by ccusage (rust/crates/ccusage/src/
 *   models-dev-pricing.json at commit 5816e640, 2026-06-13; USD per million
 *   tokens): only the ids the LiteLLM entries do not already price by our
 *   matching rules (`usage/cost.ts`), converted to LiteLLM's fields. It has
 *   no 1-hour column: an entry whose cache write is 1.25x its input (the
 *   5-minute rate Anthropic bills) gets 2x its input for an hour, Anthropic's
 *   published 1-hour rate. The same rate replaces a LiteLLM Anthropic
 *   1-hour rate that is not 2x its input (listed in `_snapshot.corrections`).
 *
 * The output is in LiteLLM's own format, so a user can point
 * `AGENT_CONNECTOR_PRICES` at a newer LiteLLM file as it is; the key
 * `_snapshot` names the sources and the version.
 *
 *   deno run -A scripts/gen_prices.ts [litellm.json] [models-dev.json]
 *
 * Defaults read ../shared/fixtures/prices/ beside the repository.
 *
 * @module
 */

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { findPrice, LITELLM_PRICE_FIELDS, parsePriceFile } from "../usage/cost.ts";

const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, "../../../shared/fixtures/prices");
const [
  litellmPath = join(shared, "litellm-model-prices.json"),
  devPath = join(
    shared,
    "models-dev-pricing.json",
  ),
] = process.argv.slice(2);

type Entry = Record<string, number | string>;
const litellm = JSON.parse(readFileSync(litellmPath, "utf8")) as Record<string, Entry>;
const dev = JSON.parse(readFileSync(devPath, "utf8")) as Record<
  string,
  { cost?: { input?: number; output?: number; cache_read?: number; cache_write?: number } }
>;

const keep = new Set<string>([...LITELLM_PRICE_FIELDS, "litellm_provider"]);
const models: Record<string, Entry> = {};
const corrections: string[] = [];
const HOUR = "cache_creation_input_token_cost_above_1hr";
for (const id of Object.keys(litellm).sort()) {
  const e = litellm[id];
  if (typeof e?.input_cost_per_token !== "number") continue;
  const out: Entry = {};
  for (const k of Object.keys(e).sort()) if (keep.has(k)) out[k] = e[k];
  // Anthropic bills a 1-hour cache write at 2x the input rate; the snapshot
  // has two Claude 3 entries at another model's rate ($6/M).
  const twice = Number((e.input_cost_per_token * 2).toPrecision(12));
  if (e.litellm_provider === "anthropic" && typeof out[HOUR] === "number" && out[HOUR] !== twice) {
    corrections.push(`${id}: ${HOUR} ${out[HOUR]} -> ${twice} (2x input, Anthropic's rate)`);
    out[HOUR] = twice;
  }
  models[id] = out;
}
// The LiteLLM part alone, to ask which models.dev ids it prices already.
const base = parsePriceFile(JSON.stringify(models), "litellm");
const perToken = (perMillion: number) => Number((perMillion / 1e6).toPrecision(12));
let added = 0;
for (const id of Object.keys(dev).sort()) {
  const c = dev[id].cost;
  if (!c || typeof c.input !== "number" || typeof c.output !== "number") continue;
  if (findPrice(base, id) || models[id.toLowerCase()]) continue;
  const out: Entry = {
    input_cost_per_token: perToken(c.input),
    output_cost_per_token: perToken(c.output),
    litellm_provider: "models.dev",
  };
  if (typeof c.cache_read === "number") out.cache_read_input_token_cost = perToken(c.cache_read);
  if (typeof c.cache_write === "number") {
    out.cache_creation_input_token_cost = perToken(c.cache_write);
    if (Math.abs(c.cache_write - c.input * 1.25) < 1e-9) {
      out.cache_creation_input_token_cost_above_1hr = perToken(c.input * 2);
    }
  }
  models[id.toLowerCase()] = out;
  added++;
}
const file = {
  _snapshot: {
    version: "2026-07-24+litellm.f9ff1473+models.dev.5816e640",
    sources: [
      "LiteLLM model_prices_and_context_window.json as kept in Wei-Shaw/model-price-repo " +
      "(MIT) at commit f9ff1473, 2026-07-24",
      "models.dev prices as kept by ryoppippi/ccusage " +
      "(rust/crates/ccusage/src/models-dev-pricing.json) at commit 5816e640, 2026-06-13, " +
      "for ids the first does not price",
    ],
    corrections,
    regenerate: "deno run -A scripts/gen_prices.ts",
    unit: "USD per token",
  },
  ...models,
};
const outPath = join(here, "../usage/model_prices.json");
writeFileSync(outPath, JSON.stringify(file, null, 2) + "\n");
console.log(
  `wrote ${outPath}: ${Object.keys(models).length} models (${added} from models.dev)`,
);
