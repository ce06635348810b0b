import { test } from "node:test";
import assert from "node:assert/strict";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import { assertDocumentedReplies, payloadFixtures } from "../../tests/_helpers/payload_fixtures.ts";
import { vscodeDialect } from "./vscode.ts";

const fx = payloadFixtures("vscode-copilot");

test("VS Code payloads parse camelCase common fields and snake_case event fields", () => {
  const pre = vscodeDialect.parse("PreToolUse", fx.PreToolUse.input);
  assert.equal(pre.sessionId, "session-identifier");
  assert.equal(pre.projectDir, "/path/to/workspace");
  assert.equal(pre.toolName, "editFiles");
  assert.deepEqual(pre.toolInput, { files: ["src/main.ts"] });
  assert.equal(vscodeDialect.parse("SessionStart", fx.SessionStart.input).source, "startup");
  assert.equal(vscodeDialect.parse("Stop", fx.Stop.input).stopHookActive, false);
  assert.deepEqual(vscodeDialect.session(fx.Stop.input), {
    sessionId: "session-identifier",
    projectDir: "/path/to/workspace",
  });
});

test("a VS Code parse never throws on a payload missing every field", () => {
  for (const event of HOOK_EVENT_NAMES) assert.equal(vscodeDialect.parse(event, {}).sessionId, "");
});

test("VS Code's documented replies are honored, and ours carry the same fields", () => {
  assertDocumentedReplies(vscodeDialect, "PreToolUse", fx.PreToolUse);
  assertDocumentedReplies(vscodeDialect, "SessionStart", fx.SessionStart);
  assertDocumentedReplies(vscodeDialect, "Stop", fx.Stop);
});

test("Stop blocks inside hookSpecificOutput while SubagentStop blocks at the top level", () => {
  const deny = { decision: "deny" as const, reason: "run the tests" };
  assert.deepEqual(JSON.parse(vscodeDialect.format("Stop", deny).stdout), {
    hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: "run the tests" },
  });
  assert.deepEqual(JSON.parse(vscodeDialect.format("SubagentStop", deny).stdout), {
    decision: "block",
    reason: "run the tests",
  });
  // A top-level decision on Stop is not VS Code's contract: judged not honored.
  const wrong = { exitCode: 0, stdout: '{"decision":"block","reason":"x"}\n', stderr: "" };
  assert.equal(vscodeDialect.judge("Stop", deny, wrong).honored, false);
  const none = { exitCode: 0, stdout: "", stderr: "" };
  assert.equal(vscodeDialect.judge("Stop", deny, none).honored, false);
});

test("a blocked prompt stops with continue:false; VS Code takes no prompt context", () => {
  const reply = vscodeDialect.format("UserPromptSubmit", { decision: "deny", reason: "no" });
  assert.deepEqual(JSON.parse(reply.stdout), { continue: false, stopReason: "no" });
  const ctx = { decision: "context" as const, additionalContext: "x" };
  assert.equal(vscodeDialect.format("UserPromptSubmit", ctx).stdout, "");
  assert.equal(vscodeDialect.format("PreCompact", ctx).stdout, "");
});

test("VS Code cannot rewrite a tool's output, and the verdict says so", () => {
  const response = { decision: "modify" as const, updatedOutput: "redacted" };
  const reply = vscodeDialect.format("PostToolUse", response);
  assert.equal(reply.stdout, "");
  assert.equal(vscodeDialect.judge("PostToolUse", response, reply).honored, false);
});
