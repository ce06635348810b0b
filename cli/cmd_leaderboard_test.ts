import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { testRow } from "../tests/_helpers/telemetry_rows.ts";
import { openNdjsonStore } from "../telemetry/store_ndjson.ts";

const CLAUDE_LOGS = fileURLToPath(
  new URL("../tests/fixtures/usage/ccusage/claude", import.meta.url),
);
let home: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "ac-leaderboard-"));
  cpSync(CLAUDE_LOGS, join(home, ".claude"), { recursive: true });
  const store = openNdjsonStore(join(home, ".agent-connector", "telemetry"));
  const ts = new Date().toISOString();
  store.append([
    testRow({ connectorId: "acme", inputTokens: 100, outputTokens: 300, ts }),
    testRow({
      connectorId: "acme",
      toolName: "tools/list",
      scope: "tool_defs",
      inputTokens: 50,
      outputTokens: 0,
      ts,
    }),
    testRow({
      connectorId: "acme",
      toolName: "Stop",
      scope: "hook",
      surfaceKind: "hook",
      inputTokens: 0,
      outputTokens: 9,
      ts,
    }),
    testRow({ connectorId: "beta", inputTokens: 1, outputTokens: 1, ts }),
    testRow({
      connectorId: "acme",
      toolName: "gemini-2.5-pro",
      scope: "model_turn",
      hostPlatform: "gemini-cli",
      inputTokens: 4000,
      outputTokens: 600,
      confidenceSource: "host-native",
      ts,
    }),
    testRow({
      connectorId: "beta",
      toolName: "gemini-2.5-flash",
      scope: "model_turn",
      hostPlatform: "gemini-cli",
      inputTokens: 10,
      outputTokens: 5,
      confidenceSource: "host-native",
      ts,
    }),
  ]);
  store.close();
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCliCaptured(argv, { home, cwd: home, env: { HOME: home } });
type Ranked = { key: Record<string, string>; totalTokens: number };

test("--json has exactly the three boards and the host skip notes, never a sum", async () => {
  const run = await cli("leaderboard", "--json");
  assert.equal(run.code, 0, run.stderr);
  const body = JSON.parse(run.stdout);
  assert.deepEqual(Object.keys(body), ["mcp", "host", "hostSkipped", "hostNativeTurns"]);
  // 🔌: call + tool_defs rows only (no hook, no model_turn).
  assert.deepEqual(body.mcp.map((r: Ranked) => [r.key.connectorId, r.totalTokens]), [
    ["acme", 450],
    ["beta", 2],
  ]);
  // 🖥️: the host logs, read by the usage layer.
  assert.ok(body.host.some((r: { key: string }) => r.key === "claude-code"));
  assert.ok(Array.isArray(body.hostSkipped));
  // 🛰️: model_turn rows only.
  assert.deepEqual(
    body.hostNativeTurns.map((r: Ranked) => [r.key.model, r.totalTokens]),
    [["gemini-2.5-pro", 4600], ["gemini-2.5-flash", 15]],
  );
});

test("--connector narrows the MCP and host-native boards but not the host board", async () => {
  const all = JSON.parse((await cli("leaderboard", "--json")).stdout);
  const one = JSON.parse((await cli("leaderboard", "--connector", "beta", "--json")).stdout);
  assert.deepEqual(one.mcp.map((r: Ranked) => r.key.connectorId), ["beta"]);
  assert.deepEqual(one.hostNativeTurns.map((r: Ranked) => r.key.model), ["gemini-2.5-flash"]);
  assert.deepEqual(one.host, all.host);
});

test("a branded CLI's MCP and host-native boards are its own connector's unless --connector says otherwise", async () => {
  const module = join(home, "beta.config.mjs");
  writeFileSync(
    module,
    'export default { id: "beta", version: "1.0.0", server: { transport: "stdio", command: "x" } };\n',
  );
  const beta = (...argv: string[]) =>
    runCliCaptured(argv, { home, cwd: home, env: { HOME: home } }, "", {
      name: "beta",
      connectorPath: module,
    });
  const own = JSON.parse((await beta("leaderboard", "--json")).stdout);
  assert.deepEqual(own.mcp.map((r: Ranked) => r.key.connectorId), ["beta"]);
  assert.deepEqual(own.hostNativeTurns.map((r: Ranked) => r.key.model), ["gemini-2.5-flash"]);
  const acme = JSON.parse((await beta("leaderboard", "--connector", "acme", "--json")).stdout);
  assert.deepEqual(acme.mcp.map((r: Ranked) => r.key.connectorId), ["acme"]);
});

test("--scope slices only the MCP board, and never lets turns into it", async () => {
  const body = JSON.parse(
    (await cli("leaderboard", "--scope", "hook,model_turn", "--json")).stdout,
  );
  assert.deepEqual(body.mcp.map((r: Ranked) => [r.key.connectorId, r.totalTokens]), [["acme", 9]]);
  assert.equal(body.hostNativeTurns.length, 2);
});

test("the text output labels each board by origin and says they are not summed", async () => {
  const run = await cli("leaderboard");
  assert.equal(run.code, 0, run.stderr);
  for (const origin of ["(mcp-self)", "(host-scan-logs)", "(host-native-live)"]) {
    assert.ok(run.stdout.includes(origin), origin);
  }
  assert.match(run.stdout, /never added together/);
  assert.match(run.stdout, /claude-code/);
});

test("a malformed --since is a usage error", async () => {
  const run = await cli("leaderboard", "--since", "yesterday");
  assert.equal(run.code, 2);
  assert.match(run.stderr, /invalid --since "yesterday"/);
});
