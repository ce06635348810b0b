import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy, usageFixture } from "../../tests/_helpers/usage.ts";

test("agent-kit's pi sessions: per-message usage, host costs, and a fork's copied prefix counted once", async () => {
  const { records, problems } = await scanUsage({
    machine: hostAt(usageFixture("agent-kit/home")),
    platforms: ["pi"],
    cache: false,
  });
  assert.deepEqual(problems, []);
  assert.equal(records.length, 3);
  const pi1 = records.filter((r) => r.sessionId === "pi-1").sort((a, b) => a.ts - b.ts);
  assert.deepEqual(buckets([pi1[0]]), [11349, 1024, 0, 4]);
  assert.equal(pi1[0].tokens.reasoning, 1);
  assert.equal(pi1[0].costUsd, 0);
  assert.equal(pi1[0].modelId, "model-test");
  assert.equal(pi1[0].providerId, "provider-test");
  assert.deepEqual([
    pi1[1].tokens.input + pi1[1].tokens.cacheWrite,
    pi1[1].tokens.cacheWrite,
    pi1[1].tokens.cacheWrite1h,
  ], [120, 20, 5]);
  assert.equal(pi1[1].costUsd, 0.5);
  const fork = records.filter((r) => r.sessionId === "pi-fork");
  assert.deepEqual(buckets(fork), [30, 0, 0, 3]);
  assert.deepEqual(buckets(records), [11479, 1024, 20, 17]);
  assert.equal(sum(records).cacheWrite1h, 5);
  assert.ok(records.every((r) => r.projectKey === "/u/me/work"));
});

test("a pi session that logs no cwd is under its folder's name decoded", async () => {
  const { dir, done } = tempCopy();
  try {
    const folder = join(dir, ".pi", "agent", "sessions", "--u-me-work--");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "2026-01-01T00-00-00-000Z_p.jsonl"),
      JSON.stringify({
        type: "message",
        id: "e1",
        timestamp: "2026-01-01T00:00:01Z",
        message: { role: "assistant", usage: { input: 3, output: 2 } },
      }) + "\n",
    );
    const { records } = await scanUsage({ machine: hostAt(dir), platforms: ["pi"], cache: false });
    assert.deepEqual(records.map((r) => [r.projectKey, r.tokens.output]), [["/u/me/work", 2]]);
  } finally {
    done();
  }
});
