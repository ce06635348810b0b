import { test } from "node:test";
import assert from "node:assert/strict";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import { assertDocumentedReplies, payloadFixtures } from "../../tests/_helpers/payload_fixtures.ts";
import { cursorDialect } from "./cursor.ts";

const fx = payloadFixtures("cursor");

test("Cursor payloads parse into normalized fields, the project taken from workspace_roots", () => {
  const pre = cursorDialect.parse("PreToolUse", fx.preToolUse.input);
  assert.equal(pre.sessionId, "conv-123");
  assert.equal(pre.projectDir, "/path/to/project");
  assert.equal(pre.toolName, "Write");
  assert.deepEqual(pre.toolInput, { file_path: "CLAUDE.md", content: "..." });
  assert.equal(
    cursorDialect.parse("UserPromptSubmit", fx.beforeSubmitPrompt.input).prompt,
    "Fix the bug in main.ts",
  );
  assert.equal(cursorDialect.parse("Stop", fx.stop.input).stopHookActive, false);
  assert.equal(
    cursorDialect.parse("Stop", { ...fx.stop.input, loop_count: 2 }).stopHookActive,
    true,
  );
});

test("an MCP tool_input sent as JSON text reaches the handler as an object", () => {
  const mcp = cursorDialect.parse("PreToolUse", fx.beforeMCPExecution.input);
  assert.deepEqual(mcp.toolInput, { query: "SELECT * FROM users" });
  assert.deepEqual(
    cursorDialect.parse("PreToolUse", { tool_input: "{not json" }).toolInput,
    {},
  );
});

test("a Cursor parse never throws on a payload missing every field", () => {
  for (const event of HOOK_EVENT_NAMES) {
    const parsed = cursorDialect.parse(event, {});
    assert.equal(parsed.sessionId, "");
  }
});

test("Cursor's documented replies are honored, and ours carry the same fields", () => {
  assertDocumentedReplies(cursorDialect, "PreToolUse", fx.preToolUse);
  assertDocumentedReplies(cursorDialect, "UserPromptSubmit", fx.beforeSubmitPrompt);
  assertDocumentedReplies(cursorDialect, "Stop", fx.stop);
});

test("a deny reason and a context note both reach Cursor's agent_message", () => {
  const reply = cursorDialect.format("PreToolUse", {
    decision: "deny",
    reason: "frozen",
    additionalContext: "ask the release manager",
  });
  assert.deepEqual(JSON.parse(reply.stdout), {
    permission: "deny",
    user_message: "frozen",
    agent_message: "frozen\n\nask the release manager",
  });
});

test("Cursor cannot inject context into a prompt, and says so", () => {
  const response = { decision: "context" as const, additionalContext: "x" };
  const reply = cursorDialect.format("UserPromptSubmit", response);
  assert.equal(reply.stdout, "");
  const verdict = cursorDialect.judge("UserPromptSubmit", response, reply);
  assert.equal(verdict.honored, false);
  assert.match(verdict.reason, /Cursor takes no context on UserPromptSubmit/);
});

test("a deny on postToolUse degrades to additional_context", () => {
  const response = { decision: "deny" as const, reason: "lint failed" };
  const reply = cursorDialect.format("PostToolUse", response);
  assert.deepEqual(JSON.parse(reply.stdout), { additional_context: "lint failed" });
  assert.match(cursorDialect.judge("PostToolUse", response, reply).reason, /degrades/);
});
