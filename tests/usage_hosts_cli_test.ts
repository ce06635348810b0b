import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, tempCopy } from "./_helpers/usage.ts";
import { writeDatabase } from "./_helpers/usage_sqlite.ts";

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const jsonl = (items: object[]) => items.map((l) => JSON.stringify(l)).join("\n") + "\n";

/** One small log per host, each in the host's own place and format, under `home`. */
async function buildHome(home: string): Promise<void> {
  const share = join(home, ".local", "share");
  await writeDatabase(
    join(share, "goose", "sessions", "sessions.db"),
    "CREATE TABLE sessions (id TEXT PRIMARY KEY, working_dir TEXT NOT NULL, created_at TIMESTAMP, " +
      "accumulated_total_tokens INTEGER, accumulated_input_tokens INTEGER, " +
      "accumulated_output_tokens INTEGER, provider_name TEXT, model_config_json TEXT);",
    [["INSERT INTO sessions VALUES ('g', '/p', '2026-01-01 00:00:00', 15, 10, 5, 'x', '{}')", []]],
  );
  await writeDatabase(
    join(home, ".hermes", "state.db"),
    "CREATE TABLE sessions (id TEXT PRIMARY KEY, model TEXT, started_at REAL, input_tokens INTEGER, " +
      "output_tokens INTEGER, cache_read_tokens INTEGER, cache_write_tokens INTEGER, " +
      "reasoning_tokens INTEGER, actual_cost_usd REAL);",
    [["INSERT INTO sessions VALUES ('h', 'm', 1767225600, 20, 2, 200, 0, 0, 0.5)", []]],
  );
  const project = join(home, "app");
  await writeDatabase(
    join(project, ".crush", "crush.db"),
    "CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, cost REAL, created_at INTEGER);",
    [["INSERT INTO sessions VALUES ('c', NULL, 1.25, 1767225600)", []]],
  );
  write(
    join(share, "crush", "projects.json"),
    JSON.stringify({ projects: [{ path: project, data_dir: join(project, ".crush") }] }),
  );
  write(
    join(share, "amp", "threads", "T-1.json"),
    JSON.stringify({
      id: "T-1",
      messages: [{
        role: "assistant",
        messageId: 1,
        usage: { model: "m", inputTokens: 30, outputTokens: 3, timestamp: "2026-01-01T00:00:00Z" },
      }],
    }),
  );
  write(
    join(home, ".factory", "sessions", "p", "d.settings.json"),
    JSON.stringify({
      model: "m",
      providerLockTimestamp: "2026-01-01T00:00:00Z",
      tokenUsage: { inputTokens: 40, outputTokens: 4 },
    }),
  );
  write(
    join(home, ".kimi", "sessions", "g", "s", "wire.jsonl"),
    jsonl([{
      timestamp: 1767225600,
      message: {
        type: "StatusUpdate",
        payload: { message_id: "k", token_usage: { input_other: 50, output: 5 } },
      },
    }]),
  );
  write(
    join(home, ".copilot", "session-state", "s", "events.jsonl"),
    jsonl([{
      type: "session.shutdown",
      id: "e",
      timestamp: "2026-01-01T00:00:00Z",
      data: { modelMetrics: { m: { usage: { inputTokens: 60, outputTokens: 6 } } } },
    }]),
  );
  write(
    join(home, ".kiro", "sessions", "cli", "k.json"),
    JSON.stringify({
      session_id: "k",
      session_state: {
        conversation_metadata: {
          user_turn_metadatas: [{
            input_token_count: 70,
            output_token_count: 7,
            end_timestamp: 1767225600,
          }],
        },
      },
    }),
  );
  await writeDatabase(
    join(share, "kilo", "kilo.db"),
    "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, data TEXT);",
    [[
      "INSERT INTO message VALUES ('msg', 's', 1767225600000, ?)",
      [JSON.stringify({
        role: "assistant",
        tokens: { input: 80, output: 8, reasoning: 0, cache: { read: 0, write: 0 } },
        time: { created: 1767225600000 },
      })],
    ]],
  );
  write(
    join(home, ".continue", "sessions", "k.json"),
    JSON.stringify({
      sessionId: "k",
      workspaceDirectory: "/p",
      history: [{
        message: {
          role: "assistant",
          content: "",
          usage: { prompt_tokens: 110, completion_tokens: 11, model: "m", cost_cents: 0 },
        },
      }],
      usage: { promptTokens: 110, completionTokens: 11 },
    }),
  );
  write(
    join(home, ".openclaw", "agents", "main", "sessions", "o.jsonl"),
    jsonl([{
      type: "message",
      id: "o1",
      timestamp: "2026-01-01T00:00:00Z",
      message: { role: "assistant", model: "m", usage: { input: 90, output: 9 } },
    }]),
  );
}

/** platform → [requests, input, cacheRead, output, cost, confidence]. */
const EXPECTED: Record<string, [number, number, number, number, number | undefined, string]> = {
  goose: [1, 10, 0, 5, undefined, "host-reported"],
  hermes: [1, 20, 200, 2, 0.5, "host-reported"],
  crush: [1, 0, 0, 0, 1.25, "host-estimated"],
  amp: [1, 30, 0, 3, undefined, "host-reported"],
  droid: [1, 40, 0, 4, undefined, "host-reported"],
  kimi: [1, 50, 0, 5, undefined, "host-reported"],
  "copilot-cli": [1, 60, 0, 6, undefined, "host-reported"],
  kiro: [1, 70, 0, 7, undefined, "host-estimated"],
  "kilo-cli": [1, 80, 0, 8, undefined, "host-reported"],
  openclaw: [1, 90, 0, 9, undefined, "host-reported"],
  continue: [1, 110, 0, 11, undefined, "host-reported"],
};

test("usage report shows a row for each host added here, with its counts and confidence", async () => {
  const { dir, done } = tempCopy();
  try {
    await buildHome(dir);
    const machine = hostAt(dir);
    const json = await runCliCaptured(["usage", "report", "--json", "--no-cache"], machine);
    assert.equal(json.code, 0, json.stderr);
    const body = JSON.parse(json.stdout);
    assert.deepEqual(body.problems, []);
    const rows = new Map<string, Record<string, unknown>>(
      body.rows.map((r: { key: string }) => [r.key, r]),
    );
    for (
      const [platform, [requests, input, cacheRead, output, cost, confidence]] of Object.entries(
        EXPECTED,
      )
    ) {
      const row = rows.get(platform);
      assert.ok(row, `no row for ${platform}`);
      assert.deepEqual(
        [row.requests, row.input, row.cacheRead, row.output, row.costUsd, row.confidence],
        [requests, input, cacheRead, output, cost, confidence],
        platform,
      );
    }
    const table = await runCliCaptured(["usage", "report", "--no-cache"], machine);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^kiro\s+1\s+70\s+0\s+0\s+7\s+77\s+—\s+host-estimated$/m);
    assert.match(table.stdout, /^crush\s+1\s+0\s+0\s+0\s+0\s+0\s+\$1\.25\s+host-estimated$/m);
    assert.match(table.stdout, /^openclaw\s+1\s+90\s+0\s+0\s+9\s+99\s+—\s+host-reported$/m);
  } finally {
    done();
  }
});
