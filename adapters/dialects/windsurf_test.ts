import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { HookEventName } from "../../core/hook_types.ts";
import { windsurfDialect } from "./windsurf.ts";

const dir = new URL("../../tests/fixtures/payloads/windsurf/", import.meta.url);
const input = (name: string) =>
  JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8")).input as Record<string, unknown>;

test("each Windsurf pre hook names its tool from the action and carries its input", () => {
  const run = windsurfDialect.parse("PreToolUse", input("pre_run_command"));
  assert.equal(run.sessionId, "traj-5f2c");
  assert.equal(run.projectDir, "/home/dev/shop");
  assert.equal(run.toolName, "run_command");
  assert.deepEqual(run.toolInput, {
    command_line: "rm -rf node_modules && npm install",
    cwd: "/home/dev/shop",
  });
  const write = windsurfDialect.parse("PreToolUse", input("pre_write_code"));
  assert.equal(write.toolName, "write_code");
  assert.equal((write.toolInput as { file_path: string }).file_path, "/home/dev/shop/src/cart.ts");
  assert.equal(windsurfDialect.parse("PreToolUse", input("pre_read_code")).toolName, "read_code");
  const mcp = windsurfDialect.parse("PreToolUse", input("pre_mcp_tool_use"));
  assert.equal(mcp.toolName, "mcp__acme-db__query");
  assert.deepEqual(mcp.toolInput, { sql: "select count(*) from orders" });
});

test("post hooks carry the tool's output and a failing command's exit status", () => {
  const run = windsurfDialect.parse("PostToolUse", input("post_run_command"));
  assert.equal(run.toolOutput, "1 failing");
  assert.equal(run.isError, true);
  const mcp = windsurfDialect.parse("PostToolUse", input("post_mcp_tool_use"));
  assert.equal(mcp.toolOutput, '[{"count": 42}]');
  assert.equal(
    windsurfDialect.parse("UserPromptSubmit", input("pre_user_prompt")).prompt,
    "Why do the cart totals drift after a refund?",
  );
  assert.equal(
    windsurfDialect.parse("Stop", input("post_cascade_response")).sessionId,
    "traj-5f2c",
  );
});

test("MCP arguments sent as JSON text are read as an object", () => {
  const raw = input("pre_mcp_tool_use");
  raw.tool_info = { mcp_server_name: "s", mcp_tool_name: "t", mcp_tool_arguments: '{"a":1}' };
  assert.deepEqual(windsurfDialect.parse("PreToolUse", raw).toolInput, { a: 1 });
});

test("a deny on a pre hook exits 2 with the reason on stderr; everything else is silent", () => {
  assert.deepEqual(windsurfDialect.format("PreToolUse", { decision: "deny", reason: "no" }), {
    exitCode: 2,
    stdout: "",
    stderr: "no\n",
  });
  assert.equal(windsurfDialect.format("UserPromptSubmit", { decision: "deny" }).exitCode, 2);
  for (const event of ["PostToolUse", "Stop"] as HookEventName[]) {
    assert.deepEqual(windsurfDialect.format(event, { decision: "deny", reason: "x" }), {
      exitCode: 0,
      stdout: "",
      stderr: "",
    });
  }
  const context = windsurfDialect.format("PreToolUse", {
    decision: "context",
    additionalContext: "c",
  });
  assert.equal(context.exitCode, 0);
  assert.equal(context.stdout, "");
});

test("the judge says what Windsurf cannot do", () => {
  const deny = { decision: "deny" as const, reason: "r" };
  assert.equal(
    windsurfDialect.judge("PreToolUse", deny, windsurfDialect.format("PreToolUse", deny)).honored,
    true,
  );
  assert.equal(
    windsurfDialect.judge("PostToolUse", deny, windsurfDialect.format("PostToolUse", deny)).honored,
    false,
  );
  const ask = { decision: "ask" as const, reason: "sure?" };
  const askReply = windsurfDialect.format("PreToolUse", ask);
  assert.equal(askReply.exitCode, 2, "an ask is written as a block, the safe side");
  assert.match(windsurfDialect.judge("PreToolUse", ask, askReply).reason, /written as a block/);
  const modify = { decision: "modify" as const, updatedInput: { a: 1 } };
  assert.equal(
    windsurfDialect.judge("PreToolUse", modify, windsurfDialect.format("PreToolUse", modify))
      .honored,
    false,
  );
});
