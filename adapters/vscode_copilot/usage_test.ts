import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";
import { writeDatabase } from "../../tests/_helpers/usage_sqlite.ts";

const SESSION = join(
  ".config/Code/User/workspaceStorage/4f2c9a1b7e/GitHub.copilot-chat/debug-logs/0b7e2c1a-sess",
);
const scan = (home: string, env: Record<string, string> = {}, cache = false) =>
  scanUsage({ machine: hostAt(home, env), platforms: ["vscode-copilot"], cache });

const line = (spanId: string, input: number, output: number) =>
  JSON.stringify({
    ts: 1764583300000,
    dur: 100,
    sid: "0b7e2c1a-sess",
    type: "llm_request",
    name: "chat:gpt-4.1",
    spanId,
    status: "ok",
    attrs: { model: "gpt-4.1", inputTokens: input, outputTokens: output },
  }) + "\n";

test("each llm_request of the debug logs counts once, in VS Code and Insiders", async () => {
  // tests/fixtures/usage/vscode-copilot/README.md: two requests and a failed one without
  // counts in main.jsonl, the title request in its child log, one request in Insiders.
  const { dir, done } = tempCopy("vscode-copilot/home");
  try {
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 4);
    assert.deepEqual(buckets(records), [1200 + 1500 + 90 + 300, 0, 0, 80 + 40 + 6 + 20]);
    const first = records.find((r) => r.tokens.input === 1200)!;
    assert.equal(first.sessionId, "0b7e2c1a-sess");
    assert.equal(first.projectKey, "/work/vsproj");
    assert.equal(first.modelId, "gpt-4.1");
    assert.equal(first.ts, 1764583200100);
    const title = records.find((r) => r.modelId === "gpt-4o-mini")!;
    assert.equal(title.sessionId, "7c1d-title");
    assert.equal(title.projectKey, "/work/vsproj");
    const insiders = records.find((r) => r.modelId === "claude-sonnet-4")!;
    assert.equal(insiders.projectKey, "/work/multi.code-workspace");
    assert.ok(records.every((r) => r.platformId === "vscode-copilot"));
  } finally {
    done();
  }
});

test("a span logged twice counts once; a torn line is reported and skipped", async () => {
  const { dir, done } = tempCopy("vscode-copilot/home");
  try {
    const file = join(dir, SESSION, "main.jsonl");
    const again = readFileSync(file, "utf8").split("\n")[1] + "\n";
    appendFileSync(file, again + '{"ts":1,"type":"llm_request","spanId":"x"\n');
    const { records, problems } = await scan(dir);
    assert.equal(records.length, 4);
    assert.equal(problems.length, 1);
    assert.match(problems[0].path ?? "", /main\.jsonl$/);
  } finally {
    done();
  }
});

test("a log that grows is read from where the last scan stopped", async () => {
  const { dir, done } = tempCopy("vscode-copilot/home");
  try {
    const env = { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") };
    const first = await scan(dir, env, true);
    assert.equal(first.records.length, 4);
    const file = join(dir, SESSION, "main.jsonl");
    const more = line("a1b2c3d4e5f60009", 7, 3);
    appendFileSync(file, more);
    const grown = await scan(dir, env, true);
    assert.equal(grown.stats.bytesRead, more.length, "only the appended line was read");
    assert.equal(grown.records.length, 5);
    assert.deepEqual(buckets(grown.records), [3090 + 7, 0, 0, 146 + 3]);
  } finally {
    done();
  }
});

test("another extension's .jsonl in a workspace storage is not a source", async () => {
  const { dir, done } = tempCopy();
  try {
    const other = join(dir, ".config/Code/User/workspaceStorage/77/other.ext/debug-logs/s");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "main.jsonl"), line("a1", 1, 1));
    const { records, stats } = await scan(dir);
    assert.equal(records.length, 0);
    assert.equal(stats.sources, 0);
  } finally {
    done();
  }
});

/** `spans` as Copilot Chat creates it (src/platform/otel/node/sqlite/otelSqliteStore.ts). */
const SPANS = `CREATE TABLE spans (
  span_id TEXT PRIMARY KEY, trace_id TEXT NOT NULL, parent_span_id TEXT,
  name TEXT NOT NULL, start_time_ms INTEGER NOT NULL, end_time_ms INTEGER NOT NULL,
  status_code INTEGER NOT NULL DEFAULT 0, status_message TEXT,
  operation_name TEXT, provider_name TEXT, agent_name TEXT, conversation_id TEXT,
  request_model TEXT, response_model TEXT,
  input_tokens INTEGER, output_tokens INTEGER, cached_tokens INTEGER, reasoning_tokens INTEGER,
  tool_name TEXT, tool_call_id TEXT, tool_type TEXT,
  chat_session_id TEXT, turn_index INTEGER, ttft_ms REAL
);`;
const SPAN = "INSERT INTO spans (span_id, trace_id, name, start_time_ms, end_time_ms, " +
  "operation_name, provider_name, chat_session_id, request_model, response_model, " +
  "input_tokens, output_tokens, cached_tokens, reasoning_tokens) " +
  "VALUES (?, 't1', ?, ?, ?, ?, 'github', ?, 'gpt-4.1', ?, ?, ?, ?, ?)";

test("the OTel span store counts chat spans, splits off the cache and wins over the debug log", async () => {
  const { dir, done } = tempCopy("vscode-copilot/home");
  try {
    const db = join(dir, ".config/Code/User/globalStorage/github.copilot-chat/agent-traces.db");
    await writeDatabase(db, SPANS, [
      // The debug log's first request again, with its cache read.
      [SPAN, [
        "a1b2c3d4e5f60001",
        "chat gpt-4.1",
        1,
        1764583201000,
        "chat",
        "0b7e2c1a-sess",
        "gpt-4.1-2025",
        1200,
        80,
        1000,
        30,
      ]],
      // A request only the span store has.
      [SPAN, [
        "b000000000000001",
        "chat gpt-4.1",
        1,
        1764583400000,
        "chat",
        "0b7e2c1a-sess",
        null,
        50,
        5,
        null,
        null,
      ]],
      // The agent span's totals and a tool span are no requests.
      [SPAN, [
        "c000000000000001",
        "invoke_agent",
        1,
        2,
        "invoke_agent",
        "0b7e2c1a-sess",
        null,
        9999,
        999,
        0,
        0,
      ]],
      [SPAN, [
        "c000000000000002",
        "execute_tool",
        1,
        2,
        "execute_tool",
        "0b7e2c1a-sess",
        null,
        null,
        null,
        null,
        null,
      ]],
    ]);
    const { records, problems } = await scan(dir);
    assert.deepEqual(problems, []);
    assert.equal(records.length, 5);
    const shared = records.find((r) => r.ts === 1764583201000)!;
    assert.deepEqual(
      [shared.tokens.input, shared.tokens.cacheRead, shared.tokens.output, shared.tokens.reasoning],
      [200, 1000, 80, 30],
    );
    assert.equal(shared.modelId, "gpt-4.1-2025", "the response model");
    assert.equal(shared.sessionId, "0b7e2c1a-sess");
    const only = records.find((r) => r.ts === 1764583400000)!;
    assert.equal(only.modelId, "gpt-4.1");
    assert.deepEqual(buckets(records), [3090 - 1000 + 50, 1000, 0, 146 + 5]);
  } finally {
    done();
  }
});
