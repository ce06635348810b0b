import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy } from "../../tests/_helpers/usage.ts";
import { writeDatabase } from "../../tests/_helpers/usage_sqlite.ts";

/** Hermes's `sessions` table (state.db), as its session store creates it. */
const SCHEMA = `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY, source TEXT NOT NULL, user_id TEXT, model TEXT, model_config TEXT,
  system_prompt TEXT, parent_session_id TEXT, started_at REAL NOT NULL, ended_at REAL,
  end_reason TEXT, message_count INTEGER DEFAULT 0, tool_call_count INTEGER DEFAULT 0,
  input_tokens INTEGER DEFAULT 0, output_tokens INTEGER DEFAULT 0,
  cache_read_tokens INTEGER DEFAULT 0, cache_write_tokens INTEGER DEFAULT 0,
  reasoning_tokens INTEGER DEFAULT 0, billing_provider TEXT, estimated_cost_usd REAL,
  actual_cost_usd REAL
);
CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, role TEXT);`;

const INSERT = "INSERT INTO sessions (id, source, model, started_at, message_count, " +
  "input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens, " +
  "billing_provider, estimated_cost_usd, actual_cost_usd) " +
  "VALUES (?, 'cli', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

test("Hermes sessions give their four counts, reasoning as output, and the host's cost", async () => {
  const { dir, done } = tempCopy();
  try {
    await writeDatabase(join(dir, ".hermes", "state.db"), SCHEMA, [
      [INSERT, [
        "s1",
        "claude-sonnet-4-5",
        1767225600.25,
        42,
        1200,
        300,
        50,
        20,
        10,
        "anthropic",
        0.12,
        0.34,
      ]],
      [INSERT, ["s2", "gpt-5", 1767312000, 3, 100, 10, 0, 0, 0, "openai", 0.5, null]],
      // Included in a subscription: a logged 0 is no cost of its own.
      [INSERT, ["s3", "gpt-5", 1767312000, 1, 7, 3, 0, 0, 0, "openai", 0, 0]],
      [INSERT, ["s4", null, 1767312000, 0, 0, 0, 0, 0, 0, null, null, null]],
    ]);
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["hermes"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 3);
    assert.deepEqual(buckets(records), [1307, 50, 20, 323]);
    assert.equal(sum(records).reasoning, 10);
    const s1 = records.find((r) => r.sessionId === "s1")!;
    assert.equal(s1.costUsd, 0.34);
    assert.equal(s1.ts, 1767225600250);
    assert.equal(s1.providerId, "anthropic");
    assert.equal(records.find((r) => r.sessionId === "s2")!.costUsd, 0.5);
    assert.equal(records.find((r) => r.sessionId === "s3")!.costUsd, undefined);
  } finally {
    done();
  }
});

test("HERMES_HOME moves the store; a file that is not SQLite is reported once", async () => {
  const { dir, done } = tempCopy();
  try {
    const { writeFileSync, mkdirSync } = await import("node:fs");
    mkdirSync(join(dir, "h"), { recursive: true });
    writeFileSync(join(dir, "h", "state.db"), "not a database at all, just text\n".repeat(10));
    const { records, problems } = await scanUsage({
      machine: hostAt("/nonexistent", { HERMES_HOME: join(dir, "h") }),
      platforms: ["hermes"],
      cache: false,
    });
    assert.deepEqual(records, []);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].count, 1);
    assert.match(problems[0].message, /not a SQLite database/);
  } finally {
    done();
  }
});
