import { test } from "node:test";
import assert from "node:assert/strict";
import { antigravityDialect } from "./antigravity.ts";
import { agyDialect } from "./antigravity_cli.ts";

test("Antigravity payloads are read in camelCase and snake_case alike", () => {
  const camel = antigravityDialect.parse("PreToolUse", {
    conversationId: "c1",
    workspace: "/w",
    toolName: "run_command",
    toolInput: { CommandLine: "ls" },
  });
  assert.deepEqual(camel, {
    sessionId: "c1",
    projectDir: "/w",
    toolName: "run_command",
    toolInput: { CommandLine: "ls" },
  });
  const snake = antigravityDialect.parse("PostToolUse", {
    session_id: "s2",
    cwd: "/p",
    tool_name: "view_file",
    tool_input: { path: "a.ts" },
    tool_response: "text",
  });
  assert.equal(snake.sessionId, "s2");
  assert.equal(snake.toolName, "view_file");
  assert.equal(snake.toolOutput, "text");
  assert.equal(antigravityDialect.parse("UserPromptSubmit", { prompt: "hi" }).prompt, "hi");
});

test("only a PreToolUse deny becomes exit 2; the rest is dropped and judged so", () => {
  const deny = { decision: "deny" as const, reason: "no" };
  assert.deepEqual(antigravityDialect.format("PreToolUse", deny), {
    exitCode: 2,
    stdout: "",
    stderr: "no\n",
  });
  const stop = antigravityDialect.format("Stop", deny);
  assert.equal(stop.exitCode, 0);
  assert.equal(antigravityDialect.judge("Stop", deny, stop).honored, false);
  assert.equal(
    antigravityDialect.judge("PreToolUse", deny, { ...stop, exitCode: 2 }).honored,
    true,
  );
});

test("agy's status line payload is read in Claude Code's shape", () => {
  assert.ok(agyDialect.statusline, "agy has a status line reader");
  const ctx = agyDialect.statusline!({
    session_id: "s",
    cwd: "/p",
    model: { id: "gemini-3-pro", display_name: "Gemini 3 Pro" },
    context_window: { total_input_tokens: 10, context_window_size: 100, used_percentage: 10 },
  });
  assert.equal(ctx.model?.displayName, "Gemini 3 Pro");
  assert.equal(ctx.context?.percent, 10);
  assert.equal(antigravityDialect.statusline, undefined, "the IDE has no status line");
});
