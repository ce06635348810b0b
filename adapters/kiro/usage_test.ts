import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";
import { writeDatabase } from "../../tests/_helpers/usage_sqlite.ts";

const kiro = (home: string, env: Record<string, string> = {}) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["kiro"], cache: false });

function session(id: string, turns: object[], window?: number) {
  return JSON.stringify({
    session_id: id,
    cwd: "/home/me/app",
    session_state: {
      rts_model_state: {
        model_info: { model_id: "claude-sonnet-4-5", context_window_tokens: window },
      },
      conversation_metadata: { user_turn_metadatas: turns },
    },
  });
}

const entry = (kind: string, id: string, text: string, ts?: number) =>
  JSON.stringify({
    version: "v1",
    kind,
    data: {
      message_id: id,
      content: [{ kind: "text", data: text }, { kind: "image", data: "ignored" }],
      ...(ts ? { meta: { timestamp: ts } } : {}),
    },
  });

test("Kiro CLI turns are estimated from the transcript, the context share or the logged counts", async () => {
  const { dir, done } = tempCopy();
  try {
    const cli = join(dir, ".kiro", "sessions", "cli");
    mkdirSync(cli, { recursive: true });
    writeFileSync(
      join(cli, "s-1.json"),
      session("s-1", [
        // Counts logged as 0: 11 prompt chars -> 3, 13 answer chars -> 4.
        {
          input_token_count: 0,
          output_token_count: 0,
          end_timestamp: 1770983427,
          total_request_count: 2,
          message_ids: ["p-1", "a-1"],
        },
        // A context share with a known window wins over the characters.
        {
          input_token_count: 0,
          output_token_count: 0,
          context_usage_percentage: 10,
          end_timestamp: 1770983500,
          message_ids: ["p-2", "a-2"],
        },
        // Logged counts win.
        {
          input_token_count: 700,
          output_token_count: 70,
          end_timestamp: 1770983600,
          message_ids: [],
        },
        // Nothing known: nothing counted.
        { input_token_count: 0, output_token_count: 0, message_ids: ["missing"] },
      ], 1000),
    );
    writeFileSync(
      join(cli, "s-1.jsonl"),
      [
        entry("Prompt", "p-1", "hello world", 1770983426.420942),
        "not valid json at all",
        entry("AssistantMessage", "a-1", "response text"),
        entry("Prompt", "p-2", "x".repeat(400), 1770983490),
        entry("AssistantMessage", "a-2", "y".repeat(41)),
        '{"version":"v1","kind":"AssistantMessage","data":{"message_id":"a-3","con',
      ].join("\n"),
    );
    writeFileSync(join(cli, "s-1.lock"), "4242");
    const { records, problems } = await kiro(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 3);
    assert.deepEqual(buckets(records), [3 + 100 + 700, 0, 0, 4 + 11 + 70]);
    const first = records.find((r) => r.tokens.input === 3)!;
    assert.equal(first.ts, 1770983426420);
    assert.equal(first.sessionId, "s-1");
    assert.equal(first.projectKey, "/home/me/app");
    assert.equal(first.modelId, "claude-sonnet-4-5");
    assert.equal(first.confidence, "host-estimated");
    assert.equal(records.find((r) => r.tokens.input === 700)!.ts, 1770983600000);
  } finally {
    done();
  }
});

test("KIRO_HOME moves the sessions; a session file cut off mid-write is reported once", async () => {
  const { dir, done } = tempCopy();
  try {
    const cli = join(dir, "k", "sessions", "cli");
    mkdirSync(cli, { recursive: true });
    const whole = session("s-2", [{ input_token_count: 5, output_token_count: 1 }]);
    writeFileSync(join(cli, "s-2.json"), whole);
    writeFileSync(join(cli, "s-3.json"), whole.slice(0, 40));
    const { records, problems } = await kiro("/nonexistent", { KIRO_HOME: join(dir, "k") });
    assert.deepEqual(buckets(records), [5, 0, 0, 1]);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, join(cli, "s-3.json"));
    assert.match(problems[0].message, /not valid JSON/);
  } finally {
    done();
  }
});

test("older Kiro conversations in data.sqlite3 are estimated from the context share and response size", async () => {
  const { dir, done } = tempCopy();
  try {
    const value = JSON.stringify({
      conversation_id: "conv-1",
      model_info: { model_id: "auto", context_window_tokens: 1000 },
      history: [
        {
          user: { content: { Prompt: { prompt: "hi" } } },
          request_metadata: {
            context_usage_percentage: 10,
            response_size: 40,
            request_start_timestamp_ms: 1770983426000,
            stream_end_timestamp_ms: 1770983427500,
          },
        },
        { user: { content: { Prompt: { prompt: "no metadata" } } } },
      ],
    });
    await writeDatabase(
      join(dir, ".local", "share", "kiro-cli", "data.sqlite3"),
      "CREATE TABLE conversations_v2 (key TEXT NOT NULL, conversation_id TEXT NOT NULL, " +
        "value TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, " +
        "PRIMARY KEY (key, conversation_id));",
      [[
        "INSERT INTO conversations_v2 VALUES (?, ?, ?, ?, ?)",
        ["/home/me/app", "conv-1", value, 1770983426000, 1770983427500],
      ]],
    );
    const { records, problems } = await kiro(dir);
    assert.deepEqual(problems, []);
    assert.deepEqual(buckets(records), [100, 0, 0, 10]);
    assert.equal(records[0].ts, 1770983426000);
    assert.equal(records[0].projectKey, "/home/me/app");
    assert.equal(records[0].sessionId, "conv-1");
  } finally {
    done();
  }
});
