import { test } from "node:test";
import assert from "node:assert/strict";
import type { UsageRecord } from "../core/usage_types.ts";
import { exportOrder, exportRecord } from "./render.ts";

function record(sessionId: string, modelId: string, input: number): UsageRecord {
  return {
    platformId: "claude-code",
    sessionId,
    projectKey: "/u/me/p",
    modelId,
    ts: Date.parse("2026-03-01T00:02:02Z"),
    tokens: { input, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output: 5, reasoning: 0 },
    confidence: "host-reported",
  } as UsageRecord;
}

test("records of the same time export in one order whichever order they were gathered in", () => {
  const rows = [
    record("s0", "claude-sonnet-4-5", 4),
    record("s0", "claude-opus-4-1", 9),
    record("s1", "claude-opus-4-1", 9),
    record("s0", "claude-opus-4-1", 4),
  ].map((r) => exportRecord(r, undefined));
  const sorted = rows.slice().sort(exportOrder);
  for (const order of [[3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]]) {
    assert.deepEqual(order.map((i) => rows[i]).sort(exportOrder), sorted);
  }
  assert.deepEqual(sorted.map((r) => [r.sessionId, r.model, r.input]), [
    ["s0", "claude-opus-4-1", 4],
    ["s0", "claude-opus-4-1", 9],
    ["s0", "claude-sonnet-4-5", 4],
    ["s1", "claude-opus-4-1", 9],
  ]);
  assert.equal(exportOrder(rows[0], { ...rows[0] }), 0);
});
