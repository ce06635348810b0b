import { test } from "node:test";
import assert from "node:assert/strict";
import { findPrice, loadPriceTable, recordCost } from "./cost.ts";
import { aggregateUsage } from "./aggregate.ts";
import type { UsageRecord } from "../core/usage_types.ts";

const table = await loadPriceTable();
const M = 1_000_000;

test("the shipped table names its snapshot and digest in its version", () => {
  assert.match(table.version, /^2026-06-13\+5816e640\+[0-9a-f]{12}$/);
  assert.ok(Object.keys(table.models).length > 200);
});

test("a key prices its id, dated ids, one provider prefix, any case, and nothing else", () => {
  const opus47 = table.models["claude-opus-4-7"];
  for (
    const id of [
      "claude-opus-4-7",
      "Claude-Opus-4-7",
      "claude-opus-4-7-20260101",
      "claude-opus-4-7@20260101",
      "claude-opus-4-7-2026-01-01",
      "openrouter/claude-opus-4-7",
      "vendor/claude-opus-4-7-20260101",
    ]
  ) assert.equal(findPrice(table, id), opus47, id);
  for (
    const id of [
      "gpt-5",
      "claude-opus-4-7x",
      "claude-opus-4-7-codex",
      "a/b/claude-opus-4-7",
      "",
      undefined,
    ]
  ) {
    assert.equal(findPrice(table, id), undefined, String(id));
  }
  assert.equal(
    findPrice(table, "claude-opus-4-6-20260101-fast"),
    table.models["claude-opus-4-6-fast"],
  );
  assert.equal(findPrice(table, "claude-opus-4-20250514-fast"), undefined);
});

const tokens = (t: Partial<UsageRecord["tokens"]>) => ({
  input: 0,
  cacheRead: 0,
  cacheWrite: 0,
  cacheWrite1h: 0,
  output: 0,
  reasoning: 0,
  ...t,
});

test("each bucket is priced at its own rate, 1-hour writes at twice the input price, times the tier", () => {
  const t = tokens({ input: M, output: M, cacheRead: M, cacheWrite: M, cacheWrite1h: M / 2 });
  const cost = recordCost({ modelId: "claude-sonnet-4-5-20250929", tokens: t }, table)!;
  assert.equal(cost.source, "table");
  assert.ok(Math.abs(cost.usd - (3 + 15 + 0.3 + 0.5 * 3.75 + 0.5 * 6)) < 1e-9);
  const priority = recordCost(
    { modelId: "claude-sonnet-4-5", tokens: t, pricingMultiplier: 2 },
    table,
  )!;
  assert.ok(Math.abs(priority.usd - 2 * cost.usd) < 1e-9);
});

test("the host's own cost wins, and an unknown model has no cost rather than 0", () => {
  const t = tokens({ input: M });
  assert.deepEqual(recordCost({ modelId: "claude-sonnet-4-5", tokens: t, costUsd: 0.5 }, table), {
    usd: 0.5,
    source: "host",
  });
  assert.equal(recordCost({ modelId: "gpt-9", tokens: t }, table), undefined);
  const rec = (modelId: string): UsageRecord => ({
    platformId: "codex",
    sessionId: "s",
    projectKey: "p",
    modelId,
    ts: 0,
    tokens: t,
    confidence: "host-reported",
  });
  const { rows, totals } = aggregateUsage([rec("gpt-9"), rec("claude-sonnet-4-5")], "model", {
    prices: table,
  });
  const unknown = rows.find((r) => r.key === "gpt-9")!;
  assert.equal(unknown.costUsd, undefined);
  assert.equal(unknown.unpriced, 1);
  assert.equal(totals.costUsd, 3);
  assert.equal(totals.unpriced, 1);
});
