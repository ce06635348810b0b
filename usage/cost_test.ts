import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPrice, loadPriceTable, parsePriceFile, PRICES_ENV, recordCost } from "./cost.ts";
import { aggregateUsage } from "./aggregate.ts";
import type { UsageRecord } from "../core/usage_types.ts";

const table = await loadPriceTable();
const raw = JSON.parse(
  readFileSync(new URL("./model_prices.json", import.meta.url), "utf8"),
) as Record<string, Record<string, number>>;
const root = new URL("../", import.meta.url).pathname;

const tokens = (t: Partial<UsageRecord["tokens"]>) => ({
  input: 0,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  output: 0,
  reasoning: 0,
  ...t,
});
const usd = (modelId: string, t: Partial<UsageRecord["tokens"]>, pricingMultiplier?: number) =>
  recordCost({ modelId, tokens: tokens(t), pricingMultiplier }, table)?.usd;
const near = (actual: number | undefined, expected: number, what: string) =>
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) < 1e-12,
    `${what}: ${actual} != ${expected}`,
  );

test("the shipped table names its snapshots in its version and prices every host's models", () => {
  assert.equal(table.version, "2026-07-24+litellm.f9ff1473+models.dev.5816e640");
  assert.ok(Object.keys(table.models).length > 250);
  for (const id of ["claude-sonnet-4-5", "gpt-5.1-codex", "gemini-2.5-pro", "grok-4.3"]) {
    assert.ok(table.models[id], id);
  }
});

// Each expectation is computed by hand from the rates in usage/model_prices.json
// (quoted beside it, USD per token); the test also checks those rates are the file's.
test("each pricing rule gives the hand-computed cost", () => {
  const rates = (id: string, want: Record<string, number>) => {
    for (const [k, v] of Object.entries(want)) assert.equal(raw[id][k], v, `${id} ${k}`);
  };
  rates("claude-sonnet-4-5-20250929", {
    input_cost_per_token: 3e-6,
    output_cost_per_token: 1.5e-5,
    cache_read_input_token_cost: 3e-7,
    cache_creation_input_token_cost: 3.75e-6,
    cache_creation_input_token_cost_above_1hr: 6e-6,
    input_cost_per_token_above_200k_tokens: 6e-6,
    output_cost_per_token_above_200k_tokens: 2.25e-5,
    cache_read_input_token_cost_above_200k_tokens: 6e-7,
  });
  // Base buckets, 5-minute and 1-hour writes: 1000*3e-6 + 2000*1.5e-5 + 10000*3e-7
  // + 3000*3.75e-6 + 1000*6e-6 = 0.003 + 0.03 + 0.003 + 0.01125 + 0.006.
  const base = {
    input: 1000,
    output: 2000,
    cacheRead: 10000,
    cacheWrite: 4000,
    cacheWrite1h: 1000,
  };
  near(usd("claude-sonnet-4-5-20250929", base), 0.05325, "base rates");
  // Reasoning is inside output: it changes nothing.
  near(usd("claude-sonnet-4-5-20250929", { ...base, reasoning: 1500 }), 0.05325, "reasoning");
  // A priority tier doubles it.
  near(usd("claude-sonnet-4-5-20250929", base, 2), 0.1065, "multiplier");
  // Tier per request: prompt 150000 + 60000 = 210000 > 200k, every bucket at the tier:
  // 150000*6e-6 + 60000*6e-7 + 1000*2.25e-5 = 0.9 + 0.036 + 0.0225.
  near(usd("claude-sonnet-4-5", { input: 150000, cacheRead: 60000, output: 1000 }), 0.9585, "tier");
  // A prompt of exactly 200000 is not above it: 140000*3e-6 + 60000*3e-7 + 1000*1.5e-5.
  near(usd("claude-sonnet-4-5", { input: 140000, cacheRead: 60000, output: 1000 }), 0.453, "edge");
  // Gemini's >200k prompt price: 250000*2.5e-6 + 1000*1.5e-5 = 0.625 + 0.015.
  rates("gemini-2.5-pro", {
    input_cost_per_token_above_200k_tokens: 2.5e-6,
    output_cost_per_token_above_200k_tokens: 1.5e-5,
  });
  near(usd("gemini-2.5-pro", { input: 250000, output: 1000, reasoning: 600 }), 0.64, "gemini tier");
  // Below it: 1000*1.25e-6 + 1000*1e-5.
  near(usd("gemini-2.5-pro", { input: 1000, output: 1000 }), 0.01125, "gemini base");
  // OpenAI's 272k tier: 300000*5e-6 + 1000*2.25e-5.
  rates("gpt-5.4", { input_cost_per_token_above_272k_tokens: 5e-6 });
  near(usd("gpt-5.4", { input: 300000, output: 1000 }), 1.5225, "272k tier");
  // Cache reads at their own rate: 1000*1.25e-6 + 9000*1.25e-7 + 500*1e-5.
  rates("gpt-5", { cache_read_input_token_cost: 1.25e-7 });
  near(usd("gpt-5", { input: 1000, cacheRead: 9000, output: 500 }), 0.007375, "cache read");
  // No cache rate: cache reads at the input rate (grok-4.3 has none? then 2000*input).
  const grok = raw["grok-4.3"];
  near(
    usd("grok-4.3", { input: 1000, cacheRead: 2000 }),
    1000 * grok.input_cost_per_token +
      2000 * (grok.cache_read_input_token_cost ?? grok.input_cost_per_token),
    "cache fallback",
  );
  // A models.dev entry (per million 3 / 15 / 0.3 / 3.75, 1 hour = 2x input = 6):
  // 1000*3e-6 + 1000*1.5e-5 + 1000*6e-6.
  rates("claude-3-5-sonnet-20241022", { cache_creation_input_token_cost_above_1hr: 6e-6 });
  near(
    usd("claude-3-5-sonnet-20241022", {
      input: 1000,
      output: 1000,
      cacheWrite: 1000,
      cacheWrite1h: 1000,
    }),
    0.024,
    "models.dev",
  );
  // The corrected Claude 3 Opus 1-hour rate (2x 1.5e-5): 1000*3e-5.
  near(usd("claude-3-opus-20240229", { cacheWrite: 1000, cacheWrite1h: 1000 }), 0.03, "1h fix");
});

test("the host's own cost wins; an unknown model has no cost, and no tokens cost 0", () => {
  const t = tokens({ input: 1_000_000 });
  assert.deepEqual(recordCost({ modelId: "claude-sonnet-4-5", tokens: t, costUsd: 0.5 }, table), {
    usd: 0.5,
    source: "host",
  });
  assert.equal(recordCost({ modelId: "gpt-9", tokens: t }, table), undefined);
  assert.equal(usd("<synthetic>", {}), 0);
  const rec = (modelId: string | undefined, n = 100_000): UsageRecord => ({
    platformId: "codex",
    sessionId: "s",
    projectKey: "p",
    modelId,
    ts: 0,
    tokens: tokens({ input: n }),
    confidence: "host-reported",
  });
  const { rows, totals, unpricedModels } = aggregateUsage(
    [rec("gpt-9"), rec("claude-sonnet-4-5"), rec(undefined), rec("gpt-9"), rec("<synthetic>", 0)],
    "model",
    { prices: table },
  );
  const unknown = rows.find((r) => r.key === "gpt-9")!;
  assert.equal(unknown.costUsd, undefined);
  assert.equal(unknown.unpriced, 2);
  assert.equal(totals.costUsd, 0.3); // 100000 * 3e-6
  assert.equal(totals.unpriced, 3);
  assert.deepEqual(unpricedModels, { "": 1, "gpt-9": 2 });
});

/** Model ids as hosts and gateways log them, and the key that must price each. */
const FORMS: [string, string | undefined][] = [
  ["claude-sonnet-4-5", "claude-sonnet-4-5"],
  ["Claude-Sonnet-4-5", "claude-sonnet-4-5"],
  ["claude-sonnet-4-5-20250929", "claude-sonnet-4-5-20250929"],
  ["claude-sonnet-4-5@20250929", "claude-sonnet-4-5-20250929"],
  ["claude-sonnet-4.5", "claude-sonnet-4-5"],
  ["anthropic/claude-sonnet-4-5", "claude-sonnet-4-5"],
  ["openrouter/anthropic/claude-sonnet-4.5", "claude-sonnet-4-5"],
  ["us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5-20250929"],
  ["anthropic.claude-opus-4-6-v1", "claude-opus-4-6"],
  ["claude-sonnet-4", "claude-sonnet-4-20250514"],
  ["claude-3-7-sonnet-latest", "claude-3-7-sonnet-20250219"],
  ["claude-3-5-haiku-latest", "claude-3-5-haiku-latest"],
  ["claude-sonnet-4-5-thinking", "claude-sonnet-4-5"],
  ["gpt-5-2025-08-07", "gpt-5-2025-08-07"],
  ["openai/gpt-5.1-codex", "gpt-5.1-codex"],
  ["gemini/gemini-2.5-flash", "gemini-2.5-flash"],
  ["models/gemini-2.5-pro", "gemini-2.5-pro"],
  ["gemini-2.5-pro-preview-06-05", "gemini-2.5-pro"],
  ["xai/grok-4.3", "grok-4.3"],
  // Another ending names another model: never priced as its neighbour.
  ["gpt-5.7", undefined],
  ["gpt-5-codex-max", undefined],
  ["claude-opus-4-5-fast", undefined],
  ["claude-opus-4-7x", undefined],
  ["deepseek", undefined],
  ["", undefined],
];

test("model ids match their key through prefixes, dates, versions and aliases, and no further", () => {
  for (const [id, key] of FORMS) {
    assert.deepEqual(findPrice(table, id), key === undefined ? undefined : table.models[key], id);
  }
  assert.equal(findPrice(table, undefined), undefined);
});

/** Names in test fixtures that are no model (placeholders, a Claude Code alias, a gateway's name). */
const NOT_MODELS = new Set([
  "claude-test",
  "gemini-test",
  "gemini-flash-test",
  "gpt-test",
  "model-test",
  "gateway-model",
  // The real-host lab's mock model server (a Continue cn 1.5.47 session ran against it).
  "mock-model",
  // Droid's custom model in the lab's settings (tests/fixtures/usage/lab_logs/droid).
  "custom:LabMock-0",
  "grok-main",
  "opus",
  "sonnet",
  "<synthetic>",
]);
/** Real models neither snapshot prices: a report lists them by name in a note. */
const UNPRICED = new Set(["qwen3-coder-plus"]);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(jsonl?|py|ts)$/.test(name)) yield path;
  }
}

test("every model id in the usage fixtures and the bench generator is priced", () => {
  const ids = new Set<string>();
  const field = /"(?:model|modelID|modelId|model_id)"\s*:\s*"([^"]+)"/g;
  for (const path of files(join(root, "tests/fixtures/usage"))) {
    for (const m of readFileSync(path, "utf8").matchAll(field)) ids.add(m[1]);
  }
  for (const name of ["_gen_claude.ts", "_gen_codex_gemini.ts"]) {
    const text = readFileSync(join(root, "bench", name), "utf8");
    for (const m of text.matchAll(/model: (?:[^\n]*\? )?"([^"]+)"(?: : "([^"]+)")?/g)) {
      ids.add(m[1]);
      if (m[2]) ids.add(m[2]);
    }
  }
  for (const id of ["claude-haiku-4-5-20251001", "gpt-5.1-codex", "gemini-2.5-pro"]) {
    assert.ok(ids.has(id), `the generator's ${id} was found`);
  }
  const missing = [...ids].filter((id) =>
    !NOT_MODELS.has(id) && !UNPRICED.has(id) && !findPrice(table, id)
  );
  assert.deepEqual(missing, []);
  for (const id of UNPRICED) assert.equal(findPrice(table, id), undefined, id);
});

test(`${PRICES_ENV} names a newer file in LiteLLM's format; a bad one is an error naming it`, async () => {
  const dir = mkdtempSync(join(tmpdir(), "prices-"));
  const path = join(dir, "prices.json");
  writeFileSync(
    path,
    JSON.stringify({
      sample_spec: { input_cost_per_token: "doc" },
      "qwen3-coder-plus": { input_cost_per_token: 1e-6, output_cost_per_token: 5e-6 },
    }),
  );
  const mine = await loadPriceTable({ [PRICES_ENV]: path });
  assert.match(mine.version, /^file\+[0-9a-f]{12}$/);
  assert.equal(mine.source, path);
  assert.equal(
    recordCost({ modelId: "qwen3-coder-plus", tokens: tokens({ output: 1000 }) }, mine)?.usd,
    0.005,
  );
  writeFileSync(path, "[]");
  await assert.rejects(loadPriceTable({ [PRICES_ENV]: path }), new RegExp(`${path}: expected`));
  await assert.rejects(
    loadPriceTable({ [PRICES_ENV]: join(dir, "absent.json") }),
    /AGENT_CONNECTOR_PRICES=.*absent\.json: cannot read/,
  );
  assert.throws(() => parsePriceFile("{", "x.json"), /x\.json: not JSON/);
});
