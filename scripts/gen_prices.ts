/**
 * Regenerates `usage/prices.json`, the price table `usage` ships, from a
 * models.dev price snapshot (`{ "<model id>": { cost: { input, output,
 * cache_read?, cache_write? } } }`, USD per million tokens).
 *
 *   deno run -A scripts/gen_prices.ts [snapshot.json] [--date YYYY-MM-DD] [--commit SHA]
 *
 * Defaults read ../shared/fixtures/prices/models-dev-pricing.json, the
 * snapshot kept in ccusage's repository at commit 5816e640 (2026-06-13).
 * Keys are lowercased. Anthropic bills a 1-hour cache write at 2x the input
 * price (a 5-minute one at 1.25x); the snapshot has no 1-hour column, so an
 * entry whose cache-write price is 1.25x its input price gets
 * `cacheWrite1h` = 2x input. The version is `<date>+<commit>+<digest>`, the
 * digest being 12 hex digits of SHA-256 over the generated table, so it
 * changes whenever a price does.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const date = flag("--date", "2026-06-13");
const commit = flag("--commit", "5816e640");
const input = args[0] ?? join(here, "../../../shared/fixtures/prices/models-dev-pricing.json");

interface Price {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  cacheWrite1h?: number;
}

const snapshot = JSON.parse(readFileSync(input, "utf8")) as Record<
  string,
  { cost?: { input?: number; output?: number; cache_read?: number; cache_write?: number } }
>;
const models: Record<string, Price> = {};
for (const id of Object.keys(snapshot).sort()) {
  const cost = snapshot[id].cost;
  if (!cost || typeof cost.input !== "number" || typeof cost.output !== "number") continue;
  const price: Price = { input: cost.input, output: cost.output };
  if (typeof cost.cache_read === "number") price.cacheRead = cost.cache_read;
  if (typeof cost.cache_write === "number") {
    price.cacheWrite = cost.cache_write;
    if (Math.abs(cost.cache_write - cost.input * 1.25) < 1e-9) price.cacheWrite1h = cost.input * 2;
  }
  models[id.toLowerCase()] ??= price;
}
const digest = createHash("sha256").update(JSON.stringify(models)).digest("hex").slice(0, 12);
const table = {
  version: `${date}+${commit}+${digest}`,
  source: "models.dev prices as kept by ccusage (rust/crates/ccusage/src/models-dev-pricing.json)",
  unit: "USD per million tokens",
  models,
};
const out = join(here, "../usage/prices.json");
writeFileSync(out, JSON.stringify(table, null, 2) + "\n");
console.log(`wrote ${out}: ${Object.keys(models).length} models, version ${table.version}`);
