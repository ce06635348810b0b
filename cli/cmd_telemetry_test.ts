import { afterEach, beforeEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { testRow } from "../tests/_helpers/telemetry_rows.ts";
import { writeTestRecord } from "../tests/_helpers/connector_record.ts";
import { openNdjsonStore } from "../telemetry/store_ndjson.ts";
import type { TelemetryRow } from "../telemetry/rows.ts";

let hasSqlite = true;
try {
  await import("node:sqlite" as string);
} catch {
  hasSqlite = false;
}

let dir: string;
const NOW = new Date();
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ac-telemetry-cli-"));
  const store = openNdjsonStore(join(dir, "telemetry"));
  store.append([
    testRow({ toolName: "query", inputTokens: 100, outputTokens: 900, ts: ago(3_600_000) }),
    testRow({
      toolName: "query",
      inputTokens: 50,
      outputTokens: 450,
      ts: ago(60_000),
      isError: true,
    }),
    testRow({
      toolName: "tools/list",
      scope: "tool_defs",
      inputTokens: 700,
      outputTokens: 0,
      ts: ago(60_000),
    }),
    testRow({
      toolName: "PreToolUse",
      scope: "hook",
      surfaceKind: "hook",
      inputTokens: 0,
      outputTokens: 30,
      confidenceSource: "heuristic",
      ts: ago(60_000),
    }),
    testRow({
      connectorId: "other",
      toolName: "search",
      sessionId: "s2",
      inputTokens: 10,
      outputTokens: 10,
      ts: ago(3 * 86_400_000),
    }),
    testRow({
      connectorId: "acme",
      toolName: "gemini-2.5-pro",
      scope: "model_turn",
      surfaceKind: "server",
      hostPlatform: "gemini-cli",
      inputTokens: 5000,
      outputTokens: 800,
      confidenceSource: "host-native",
      ts: ago(60_000),
    }),
  ]);
  store.close();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) =>
  runCliCaptured(argv, { env: { AGENT_CONNECTOR_DATA_DIR: dir }, cwd: dir, home: dir });

/** A branded CLI bound to a connector module whose id is `id` (spec §8: it auto-scopes). */
function brandedCli(id: string) {
  const module = join(dir, `${id}.config.mjs`);
  writeFileSync(
    module,
    `export default { id: "${id}", version: "1.0.0", server: { transport: "stdio", command: "x" } };\n`,
  );
  return (...argv: string[]) =>
    runCliCaptured(argv, { env: { AGENT_CONNECTOR_DATA_DIR: dir }, cwd: dir, home: dir }, "", {
      name: id,
      connectorPath: module,
    });
}

describe("telemetry in a branded CLI", () => {
  test("report and leaderboard show only the CLI's own connector, unless --connector names another", async () => {
    const other = brandedCli("other");
    const report = JSON.parse((await other("telemetry", "report", "--json")).stdout);
    assert.deepEqual(report.rows.map((r: { key: { connectorId: string } }) => r.key.connectorId), [
      "other",
    ]);
    const board = JSON.parse((await other("telemetry", "leaderboard", "--json")).stdout);
    assert.deepEqual(board.rows.map((r: { key: { connectorId: string } }) => r.key.connectorId), [
      "other",
    ]);
    const rows = JSON.parse((await other("telemetry", "export")).stdout);
    assert.deepEqual([...new Set(rows.map((r: { connectorId: string }) => r.connectorId))], [
      "other",
    ]);
    const named = JSON.parse(
      (await other("telemetry", "report", "--connector", "acme", "--json")).stdout,
    );
    assert.deepEqual(
      [...new Set(named.rows.map((r: { key: { connectorId: string } }) => r.key.connectorId))],
      ["acme"],
    );
  });

  test("a branded CLI with no rows of its own says so by name", async () => {
    const run = await brandedCli("quiet")("telemetry", "report");
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "No telemetry recorded yet for quiet.\n");
  });
});

describe("telemetry report", () => {
  test("ranks tools by total tokens, leaving host-native turns out by default", async () => {
    const run = await cli("telemetry", "report", "--json");
    assert.equal(run.code, 0, run.stderr);
    const body = JSON.parse(run.stdout);
    assert.equal(body.by, "tool");
    assert.deepEqual(
      body.rows.map((
        r: { key: Record<string, string>; totalTokens: number; count: number; errors: number },
      ) => [
        r.key.connectorId,
        r.key.toolName,
        r.totalTokens,
        r.count,
        r.errors,
      ]),
      [
        ["acme", "query", 1500, 2, 1],
        ["acme", "tools/list", 700, 1, 0],
        ["acme", "PreToolUse", 30, 1, 0],
        ["other", "search", 20, 1, 0],
      ],
    );
  });

  test("--since, --connector and --scope narrow the rows", async () => {
    const body = JSON.parse(
      (await cli(
        "telemetry",
        "report",
        "--since",
        "30m",
        "--connector",
        "acme",
        "--scope",
        "call",
        "--json",
      )).stdout,
    );
    assert.deepEqual(body.rows.map((r: { totalTokens: number }) => r.totalTokens), [500]);
  });

  test("--by session and --by project group accordingly", async () => {
    const sessions = JSON.parse(
      (await cli("telemetry", "report", "--by", "session", "--json")).stdout,
    );
    assert.deepEqual(sessions.rows.map((r: { key: { sessionId: string } }) => r.key.sessionId), [
      "s1",
      "s2",
    ]);
    const projects = JSON.parse(
      (await cli("telemetry", "report", "--by", "project", "--json")).stdout,
    );
    assert.equal(projects.rows.length, 1);
    assert.equal(projects.rows[0].count, 5);
  });

  test("the table names each column and the confidence", async () => {
    const run = await cli("telemetry", "report");
    assert.match(
      run.stdout,
      /^RANK +CONNECTOR +TOOL +SCOPE +ROWS +ERRORS +INPUT +OUTPUT +TOTAL +SHARE +CONFIDENCE\n/,
    );
    assert.match(
      run.stdout,
      /1 +acme +query +call +2 +1 +150 +1,350 +1,500 +66\.7% +tokenizer-approx/,
    );
  });

  test(
    "rows in the SQLite store are reported with the ndjson ones",
    { skip: !hasSqlite },
    async () => {
      const { openSqliteStore } = await import("../telemetry/store_sqlite.ts");
      const db = await openSqliteStore(join(dir, "telemetry"));
      db.append([testRow({ toolName: "query", inputTokens: 1, outputTokens: 2, ts: ago(1000) })]);
      db.close();
      const body = JSON.parse((await cli("telemetry", "report", "--json")).stdout);
      assert.deepEqual([body.rows[0].key.toolName, body.rows[0].count, body.rows[0].totalTokens], [
        "query",
        3,
        1503,
      ]);
    },
  );

  test("an empty store says so", async () => {
    const run = await runCliCaptured(["telemetry", "report"], {
      env: { AGENT_CONNECTOR_DATA_DIR: join(dir, "none") },
    });
    assert.equal(run.stdout, "No telemetry recorded yet.\n");
  });

  test("rows that exist but match no filter are not called 'nothing recorded'", async () => {
    const run = await cli("telemetry", "report", "--connector", "nosuch");
    assert.equal(run.code, 0);
    assert.equal(run.stdout, "No telemetry matches --connector nosuch.\n");
    const board = await cli("telemetry", "leaderboard", "--since", "1s", "--scope", "call");
    assert.equal(board.stdout, "No telemetry matches --since 1s --scope call.\n");
  });

  test("bad flags are usage errors", async () => {
    for (const argv of [["--since", "7x"], ["--by", "model"], ["--scope", "calls"]]) {
      const run = await cli("telemetry", "report", ...argv);
      assert.equal(run.code, 2, argv.join(" "));
    }
    assert.equal((await cli("telemetry", "frob")).code, 2);
  });
});

describe("telemetry export", () => {
  test("JSON lists every stored row, host-native turns included", async () => {
    const run = await cli("telemetry", "export");
    const rows: TelemetryRow[] = JSON.parse(run.stdout);
    assert.equal(rows.length, 6);
    assert.equal(rows[0].connectorId, "other"); // oldest first
  });

  test("CSV has a header and quotes what needs quoting; --out writes a file", async () => {
    const store = openNdjsonStore(join(dir, "telemetry"));
    store.append([testRow({ toolName: 'say "hi", twice', ts: ago(1000) })]);
    store.close();
    const run = await cli(
      "telemetry",
      "export",
      "--format",
      "csv",
      "--out",
      "t.csv",
      "--since",
      "1h",
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /wrote 5 rows to .*t\.csv/);
    const text = readFileSync(join(dir, "t.csv"), "utf8");
    const lines = text.trimEnd().split("\n");
    assert.equal(
      lines[0],
      "ts,connectorId,toolName,scope,surfaceKind,hostPlatform,sessionId,projectKey,projectDir,inputTokens,outputTokens,confidenceSource,isError",
    );
    assert.equal(lines.length, 6);
    assert.ok(text.includes('"say ""hi"", twice"'));
  });
});

describe("telemetry leaderboard", () => {
  test("--by mcp ranks connectors on call and tool-definition rows", async () => {
    const body = JSON.parse((await cli("telemetry", "leaderboard", "--json")).stdout);
    assert.deepEqual(
      body.rows.map((
        r: { key: { connectorId: string }; totalTokens: number },
      ) => [r.key.connectorId, r.totalTokens]),
      [["acme", 2200], ["other", 20]],
    );
  });

  test("--by tool ranks tools", async () => {
    const body = JSON.parse(
      (await cli("telemetry", "leaderboard", "--by", "tool", "--json")).stdout,
    );
    assert.equal(body.rows[0].key.toolName, "query");
  });

  test("--by surface adds the static command, skill and subagent footprints of registered connectors", async () => {
    const module = join(dir, "agent-connector.config.mjs");
    writeFileSync(
      module,
      `export default {
        id: "acme",
        commands: [{ name: "deploy", description: "Deploy the service", prompt: "Deploy $ARGUMENTS now." }],
        skills: [{ name: "sql", description: "Write SQL for the acme database", body: "Use ANSI SQL.\\nNever DROP." }],
        subagents: [{ name: "dba", description: "Database reviewer", prompt: "You review schema changes." }],
      };\n`,
    );
    writeTestRecord(dir, "acme", {}, module);
    const body = JSON.parse(
      (await cli("telemetry", "leaderboard", "--by", "surface", "--json")).stdout,
    );
    assert.deepEqual(
      body.runtime.map((
        r: { key: { connectorId: string; surface: string }; totalTokens: number },
      ) => [
        r.key.connectorId,
        r.key.surface,
        r.totalTokens,
      ]),
      [["acme", "server", 2200], ["acme", "hook", 30], ["other", "server", 20]],
    );
    const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
    assert.deepEqual(body.static, [
      {
        connectorId: "acme",
        surface: "command",
        name: "deploy",
        perTurnTokens: countTokens("deploy Deploy the service"),
        onUseTokens: countTokens("Deploy $ARGUMENTS now."),
      },
      {
        connectorId: "acme",
        surface: "skill",
        name: "sql",
        perTurnTokens: countTokens("sql Write SQL for the acme database"),
        onUseTokens: countTokens("Use ANSI SQL.\nNever DROP."),
      },
      {
        connectorId: "acme",
        surface: "subagent",
        name: "dba",
        perTurnTokens: countTokens("dba Database reviewer"),
        onUseTokens: countTokens("You review schema changes."),
      },
    ]);
    const table = await cli("telemetry", "leaderboard", "--by", "surface");
    assert.match(table.stdout, /Static surfaces/);
    assert.match(table.stdout, /acme +skill +sql/);
    // "other" has rows but no record: a warning, not a failure.
    assert.equal(table.code, 0);
  });
});
