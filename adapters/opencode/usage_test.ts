import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy, usageFixture } from "../../tests/_helpers/usage.ts";

const opencode = (env: Record<string, string>, since?: number) =>
  scanUsage({ machine: hostAt("/nonexistent", env), platforms: ["opencode"], cache: false, since });

test("agent-kit's legacy OpenCode JSON messages: reasoning is output, the host's cost is kept", async () => {
  const { records, problems } = await opencode({
    XDG_DATA_HOME: usageFixture("agent-kit/home/.local/share"),
  });
  assert.deepEqual(problems, []);
  assert.equal(records.length, 2);
  const a = records.find((r) => r.costUsd === 0.01)!;
  assert.deepEqual(buckets([a]), [100, 50, 0, 25]);
  assert.equal(a.tokens.reasoning, 5);
  assert.equal(a.ts, 1767225601000);
  const c = records.find((r) => r.costUsd === 0)!;
  assert.deepEqual(buckets([c]), [3, 0, 0, 0]);
  assert.equal(c.ts, 1767225603000);
  assert.ok(records.every((r) => r.sessionId === "ses_legacy"));
});

test("tokscale's OpenCode message gives exactly its counts", async () => {
  const { records } = await opencode({
    OPENCODE_DATA_DIR: usageFixture("tokscale/.local/share/opencode"),
  });
  assert.deepEqual(buckets(records), [1000, 200, 100, 500]);
});

test("the SQLite store is read with sql.js: finished assistant rows, completion times, host costs", async () => {
  const { records, problems } = await opencode({
    OPENCODE_DATA_DIR: usageFixture("agent-kit/opencode-db/opencode"),
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(buckets(records), [1489, 79488, 0, 2494]);
  assert.equal(sum(records).reasoning, 2030);
  const cost = records.reduce((n, r) => n + r.costUsd!, 0);
  assert.ok(Math.abs(cost - 1.02104008) < 1e-9);
  const since = await opencode(
    { OPENCODE_DATA_DIR: usageFixture("agent-kit/opencode-db/opencode") },
    Date.parse("2026-01-01T00:00:00Z"),
  );
  assert.deepEqual(buckets(since.records), [490, 79488, 0, 2494]);
});

test("a truncated SQLite store is reported once and the JSON messages are still read", async () => {
  const { dir, done } = tempCopy();
  try {
    const bytes = (await import("node:fs")).readFileSync(
      usageFixture("agent-kit/opencode-db/opencode/opencode.db"),
    );
    writeFileSync(join(dir, "opencode.db"), bytes.subarray(0, 5000));
    const messages = join(dir, "storage", "message", "ses_x");
    (await import("node:fs")).mkdirSync(messages, { recursive: true });
    copyFileSync(
      usageFixture("tokscale/.local/share/opencode/storage/message/test-project/msg_test001.json"),
      join(messages, "m.json"),
    );
    const { records, problems } = await opencode({ OPENCODE_DATA_DIR: dir });
    assert.deepEqual(buckets(records), [1000, 200, 100, 500]);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /SQLite database/);
    assert.equal(problems[0].path, join(dir, "opencode.db"));
  } finally {
    done();
  }
});
