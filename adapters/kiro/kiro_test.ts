import { test } from "node:test";
import assert from "node:assert/strict";
import { scopePath } from "../descriptor.ts";
import { adapter } from "./mod.ts";
import { kiroDialect } from "./dialect.ts";
import { kiroDatabase } from "./usage.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("Kiro's files sit under ~/.kiro, moved by KIRO_HOME, and %USERPROFILE%\\.kiro on Windows", () => {
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/h/.kiro/settings/mcp.json");
  assert.equal(scopePath(adapter.server!.paths, "project", ctx), "/p/.kiro/settings/mcp.json");
  const moved = { ...ctx, env: { KIRO_HOME: "/k" } };
  assert.equal(scopePath(adapter.hooks!.paths, "user", moved), "/k/agents/kiro_default.json");
  assert.equal(scopePath(adapter.memory!.paths, "user", moved), "/k/steering/agent-connector.md");
  const win = { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" as const };
  assert.equal(
    scopePath(adapter.server!.paths, "user", win),
    "C:\\Users\\ann\\.kiro\\settings\\mcp.json",
  );
  assert.equal(
    kiroDatabase({ home: "/h", env: {}, os: "darwin" }),
    "/h/Library/Application Support/kiro-cli/data.sqlite3",
  );
});

test("exit 2 blocks preToolUse; context is stdout on agentSpawn and userPromptSubmit only", () => {
  assert.deepEqual(kiroDialect.format("PreToolUse", { decision: "deny", reason: "no" }), {
    exitCode: 2,
    stdout: "",
    stderr: "no\n",
  });
  assert.equal(kiroDialect.format("PreToolUse", { decision: "ask" }).exitCode, 2);
  assert.equal(kiroDialect.format("Stop", { decision: "deny", reason: "no" }).exitCode, 0);
  const ctxReply = kiroDialect.format("SessionStart", {
    decision: "context",
    additionalContext: "hi",
  });
  assert.deepEqual(ctxReply, { exitCode: 0, stdout: "hi\n", stderr: "" });
  assert.equal(
    kiroDialect.judge("SessionStart", { decision: "context", additionalContext: "hi" }, ctxReply)
      .honored,
    true,
  );
  assert.equal(
    kiroDialect.format("PostToolUse", { decision: "context", additionalContext: "hi" }).stdout,
    "",
  );
});

test("the payload's tool_response is the tool output", () => {
  const p = kiroDialect.parse("PostToolUse", {
    hook_event_name: "postToolUse",
    cwd: "/p",
    tool_name: "execute_bash",
    tool_input: { command: "ls" },
    tool_response: { success: false, result: "boom" },
  });
  assert.equal(p.toolName, "execute_bash");
  assert.equal(p.isError, true);
  assert.equal(p.projectDir, "/p");
});

test("sdk/test explains Kiro's surfaces and simulates its exit-code replies", async () => {
  const { explain, explainHooks, simulate } = await import("../../sdk/test.ts");
  const { importConnector } = await import("../../runtime/connector_module.ts");
  const { fixtureConnector } = await import("../../tests/_helpers/seeded_box.ts");
  const connector = await importConnector(
    `${fixtureConnector("acme-hosts-c")}/agent-connector.config.mjs`,
  );
  const rows = (await explain(connector)).filter((r) => r.host === "kiro");
  assert.ok(
    rows.some((r) => r.surface === "hooks" && r.support === "native"),
    JSON.stringify(rows),
  );
  const hooks = (await explainHooks(connector)).filter((r) => r.host === "kiro");
  assert.equal(hooks.find((r) => r.event === "PreCompact")?.support, "dropped");
  const denied = await simulate(connector, {
    surface: "hooks",
    host: "kiro",
    event: "PreToolUse",
    input: {
      hook_event_name: "preToolUse",
      cwd: "/p",
      tool_name: "fs_write",
      tool_input: { path: ".env" },
    },
  });
  assert.equal(denied.honored, true, denied.reason);
  assert.equal(denied.hostReply, "");
});
