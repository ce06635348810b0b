import { test } from "node:test";
import assert from "node:assert/strict";
import { scopePath } from "../descriptor.ts";
import { adapter } from "./mod.ts";
import { amazonQDialect } from "./dialect.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("legacy mcp.json and the default agent file, user and project, on every OS", () => {
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/h/.aws/amazonq/mcp.json");
  assert.equal(scopePath(adapter.server!.paths, "project", ctx), "/p/.amazonq/mcp.json");
  assert.equal(
    scopePath(adapter.hooks!.paths, "user", ctx),
    "/h/.aws/amazonq/cli-agents/q_cli_default.json",
  );
  assert.equal(
    scopePath(adapter.hooks!.paths, "project", ctx),
    "/p/.amazonq/cli-agents/q_cli_default.json",
  );
  const win = { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" as const };
  assert.equal(
    scopePath(adapter.server!.paths, "user", win),
    "C:\\Users\\ann\\.aws\\amazonq\\mcp.json",
  );
  assert.equal(scopePath(adapter.memory!.paths, "user", ctx), undefined);
  assert.equal(
    scopePath(adapter.memory!.paths, "project", ctx),
    "/p/.amazonq/rules/agent-connector.md",
  );
});

test("the default agent keeps the built-in default's tools, resources and legacy MCP", () => {
  const header = adapter.hooks!.layout === "flat-entries" ? adapter.hooks!.header : undefined;
  assert.equal(header?.name, "q_cli_default");
  assert.deepEqual(header?.tools, ["*"]);
  assert.equal(header?.useLegacyMcpJson, true);
});

test("exit 2 blocks preToolUse; agentSpawn context is stdout", () => {
  assert.deepEqual(amazonQDialect.format("PreToolUse", { decision: "deny", reason: "no" }), {
    exitCode: 2,
    stdout: "",
    stderr: "no\n",
  });
  assert.equal(
    amazonQDialect.format("UserPromptSubmit", { decision: "context", additionalContext: "c" })
      .stdout,
    "c\n",
  );
  assert.equal(amazonQDialect.format("PostToolUse", { decision: "deny" }).exitCode, 0);
});

test("sdk/test explains Amazon Q's surfaces and simulates its exit-code replies", async () => {
  const { explain, simulate } = await import("../../sdk/test.ts");
  const { importConnector } = await import("../../runtime/connector_module.ts");
  const { fixtureConnector } = await import("../../tests/_helpers/seeded_box.ts");
  const connector = await importConnector(
    `${fixtureConnector("acme-hosts-c")}/agent-connector.config.mjs`,
  );
  const rows = (await explain(connector)).filter((r) => r.host === "amazon-q");
  assert.equal(rows.find((r) => r.surface === "skills")?.support, "skip-warn");
  assert.equal(rows.find((r) => r.surface === "hooks")?.support, "native");
  const spawn = await simulate(connector, {
    surface: "hooks",
    host: "amazon-q",
    event: "SessionStart",
    input: { hook_event_name: "agentSpawn", cwd: "/p" },
  });
  assert.equal(spawn.honored, true, spawn.reason);
  assert.equal(spawn.hostReply, "Acme DB schema v12 is loaded.\n");
});
