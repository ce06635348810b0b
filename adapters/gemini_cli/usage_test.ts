import { test } from "node:test";
import assert from "node:assert/strict";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, usageFixture } from "../../tests/_helpers/usage.ts";

const gemini = (home: string, env: Record<string, string> = {}, since?: number) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["gemini-cli"], cache: false, since });

test("agent-kit's Gemini chats: re-appended messages, legacy JSON and a migrated chat each count once", async () => {
  const { records, problems } = await gemini(usageFixture("agent-kit/home"));
  assert.deepEqual(problems, []);
  // g1, g2, g-old, s1 (subagent), lg (legacy), mg (migrated: .json and .jsonl).
  assert.equal(records.length, 6);
  assert.deepEqual(buckets(records), [2619, 400, 0, 1441]);
  assert.equal(sum(records).reasoning, 50);
  const g1 = records.find((r) => r.sessionId === "gm-1" && r.tokens.cacheRead === 300)!;
  assert.deepEqual([g1.tokens.input, g1.tokens.cacheRead, g1.tokens.cacheWrite, g1.tokens.output], [
    710,
    300,
    0,
    250,
  ]);
  const sub = records.filter((r) => r.sessionId === "sub-1");
  assert.deepEqual(sub.map((r) => [r.modelId, r.tokens.input, r.tokens.output]), [[
    "gemini-flash-test",
    40,
    5,
  ]]);
  const migrated = records.filter((r) => r.sessionId === "gm-migrated");
  assert.deepEqual(buckets(migrated), [70, 0, 0, 7]);
  assert.ok(records.every((r) => r.projectKey === "projhash"));
});

test("in agent-kit's window gm-1 has exactly its two asserted records", async () => {
  const { records } = await gemini(
    usageFixture("agent-kit/home"),
    {},
    Date.parse("2026-01-01T00:00:00Z"),
  );
  const gm1 = records.filter((r) => r.sessionId === "gm-1");
  assert.deepEqual(buckets(gm1), [710 + 500, 300, 0, 250 + 120]);
});

test("GEMINI_DATA_DIR replaces ~/.gemini/tmp", async () => {
  const { records } = await gemini("/nonexistent", {
    GEMINI_DATA_DIR: usageFixture("agent-kit/home/.gemini/tmp"),
  });
  assert.equal(records.length, 6);
});
