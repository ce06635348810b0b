import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

const SESSION = "sess_lab_a";
const SESSIONS = join(".cline", "data", "sessions");
const scan = (home: string, env: Record<string, string> = {}, cache = false) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["cline"], cache });

test("SDK sessions, classic tasks and VS Code's copy are counted once each", async () => {
  // tests/fixtures/usage/cline/README.md: 2 SDK requests, 1 after a resumed classic task
  // (its carrier of the old totals skipped), 3 classic rows (one deleted_api_reqs; the
  // request still streaming has no counts) and 1 in VS Code's global storage.
  const { dir, done } = tempCopy("cline/home");
  try {
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 7);
    assert.deepEqual(buckets(records), [
      (1500 - 1000 - 200) + (1700 - 1200) + 300 + 12 + 5 + 100 + 70,
      1000 + 1200 + 400,
      200 + 400 + 10,
      40 + 60 + 7 + 30 + 20 + 50 + 8,
    ]);
    const a1 = records.find((r) => r.sessionId === SESSION && r.costUsd === 0.0123);
    assert.ok(a1);
    assert.equal(a1.projectKey, "/work/proj-a", "the manifest's cwd");
    assert.equal(a1.modelId, "claude-sonnet-4-5");
    assert.equal(a1.providerId, "anthropic");
    assert.equal(a1.ts, 1764583201000);
    const classic = records.filter((r) => r.sessionId === "1764000000000" && r.ts < 1764600000000);
    assert.equal(classic.length, 3);
    assert.ok(classic.every((r) => r.projectKey === "/work/proj-b"), "taskHistory's cwd");
    // The message's own model first, the task's last model otherwise.
    assert.deepEqual(classic.map((r) => r.modelId).sort(), [
      "claude-opus-4-1",
      "claude-opus-4-1",
      "claude-sonnet-4-5",
    ]);
    const vscode = records.find((r) => r.sessionId === "1763000000000");
    assert.equal(vscode?.modelId, "gpt-5");
    assert.equal(vscode?.costUsd, undefined, "a zero cost is left to the price table");
    assert.ok(records.every((r) => r.platformId === "cline" && r.confidence === "host-reported"));
  } finally {
    done();
  }
});

test("CLINE_DIR and CLINE_SESSION_DATA_DIR move the stores", async () => {
  const { dir, done } = tempCopy("cline/home");
  try {
    const moved = await scan(dir, { CLINE_DIR: join(dir, "nowhere") });
    // Only VS Code's global storage is left.
    assert.equal(moved.records.length, 1);
    const sessions = await scan(dir, {
      CLINE_DIR: join(dir, "nowhere"),
      CLINE_SESSION_DATA_DIR: join(dir, SESSIONS),
    });
    assert.equal(sessions.records.length, 1 + 3);
  } finally {
    done();
  }
});

test("a request saved twice counts once, and a damaged file is reported and skipped", async () => {
  const { dir, done } = tempCopy("cline/home");
  try {
    const file = join(dir, SESSIONS, SESSION, `${SESSION}.messages.json`);
    const doc = JSON.parse(readFileSync(file, "utf8"));
    // The same message id again (a replayed save) with a larger output: it wins.
    doc.messages.push({
      ...doc.messages[3],
      metrics: { ...doc.messages[3].metrics, outputTokens: 61 },
    });
    writeFileSync(file, JSON.stringify(doc));
    const broken = join(dir, ".cline", "data", "tasks", "1764000000000", "ui_messages.json");
    // One request's text cut short (a crash mid-save), beside a good one.
    writeFileSync(
      broken,
      JSON.stringify([
        { ts: 1, type: "say", say: "api_req_started", text: '{"tokensIn":' },
        { ts: 2, type: "say", say: "api_req_started", text: '{"tokensIn":3,"tokensOut":4}' },
      ]),
    );
    const { records, problems } = await scan(dir);
    assert.equal(records.filter((r) => r.sessionId === SESSION).length, 2);
    assert.equal(buckets(records.filter((r) => r.sessionId === SESSION))[3], 40 + 61);
    assert.equal(records.filter((r) => r.sessionId === "1764000000000" && r.ts === 2).length, 1);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /not JSON/);
    assert.match(problems[0].path ?? "", /ui_messages\.json$/);
  } finally {
    done();
  }
});

test("a session that grows is read again through the cursor cache", async () => {
  const { dir, done } = tempCopy("cline/home");
  try {
    const env = { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") };
    const first = await scan(dir, env, true);
    assert.equal(first.records.length, 7);
    const unchanged = await scan(dir, env, true);
    assert.equal(unchanged.stats.bytesRead, 0, "nothing changed, nothing read");
    assert.deepEqual(buckets(unchanged.records), buckets(first.records));
    const file = join(dir, SESSIONS, SESSION, `${SESSION}.messages.json`);
    const doc = JSON.parse(readFileSync(file, "utf8"));
    doc.messages.push({
      id: "msg_a3",
      role: "assistant",
      content: [{ type: "text", text: "synthetic" }],
      ts: 1764583209000,
      metrics: { inputTokens: 9, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 },
    });
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const grown = await scan(dir, env, true);
    assert.equal(grown.records.length, 8);
    const [input, , , output] = buckets(grown.records);
    assert.equal(input, buckets(first.records)[0] + 9);
    assert.equal(output, buckets(first.records)[3] + 2);
  } finally {
    done();
  }
});
