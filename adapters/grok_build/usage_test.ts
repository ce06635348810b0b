import { test } from "node:test";
import assert from "node:assert/strict";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, usageFixture } from "../../tests/_helpers/usage.ts";

test("agent-kit's Grok turn is split per model with the host's cost; a cancelled turn adds nothing", async () => {
  const { records, problems } = await scanUsage({
    machine: hostAt(usageFixture("agent-kit/home")),
    platforms: ["grok-build"],
    cache: false,
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(records.map((r) => r.modelId).sort(), ["grok-main", "grok-mini"]);
  // 600000 in (300000 from cache), 20000 out (15000 reasoning) across both models.
  assert.deepEqual(buckets(records), [300000, 300000, 0, 20000]);
  assert.equal(sum(records).reasoning, 15000);
  const cost = records.reduce((n, r) => n + r.costUsd!, 0);
  assert.ok(Math.abs(cost - 0.123456789) < 1e-12);
  const mini = records.find((r) => r.modelId === "grok-mini")!;
  assert.ok(Math.abs(mini.costUsd! - 0.003456789) < 1e-12);
  assert.ok(records.every((r) => r.sessionId === "gk-usage" && r.projectKey === "/u/me/work"));
  assert.equal(records[0].ts, 1767225603000);
});

test("GROK_HOME moves Grok Build's home", async () => {
  const { records } = await scanUsage({
    machine: hostAt("/nonexistent", { GROK_HOME: usageFixture("agent-kit/home/.grok") }),
    platforms: ["grok-build"],
    cache: false,
  });
  assert.deepEqual(buckets(records), [300000, 300000, 0, 20000]);
});
