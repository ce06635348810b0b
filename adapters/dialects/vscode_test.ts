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

test("VS Code's current snake_case payloads parse (vscode-copilot-chat@31acd00 chatHookService.ts)", () => {
  const pre = vscodeDialect.parse("PreToolUse", fx["PreToolUse.source"].input);
  assert.equal(pre.sessionId, "7c1f0e2a-5b7d-4c55-9d0e-1f7b8f0c2a11");
  assert.equal(pre.projectDir, "/home/u/src/app");
  assert.equal(pre.toolName, "run_in_terminal");
  assert.equal((pre.toolInput as { command?: string }).command, "rm -rf build");
  const prompt = vscodeDialect.parse("UserPromptSubmit", fx["UserPromptSubmit.source"].input);
  assert.equal(prompt.prompt, "Clean the build and run the tests");
  const sub = vscodeDialect.parse("SubagentStop", fx["SubagentStop.source"].input);
  assert.equal(sub.agentId, "subagent-3");
  assert.equal(sub.agentType, "Plan");
  assert.equal(vscodeDialect.session(fx["SubagentStop.source"].input).sessionId, sub.sessionId);
});

test("the replies VS Code's source reads are honored, and ours carry the same fields", () => {
  assertDocumentedReplies(vscodeDialect, "PreToolUse", fx["PreToolUse.source"]);
  assertDocumentedReplies(vscodeDialect, "UserPromptSubmit", fx["UserPromptSubmit.source"]);
  assertDocumentedReplies(vscodeDialect, "SubagentStop", fx["SubagentStop.source"]);
});

test("Stop and SubagentStop both block inside hookSpecificOutput, always with a reason", () => {
  const deny = { decision: "deny" as const, reason: "run the tests" };
  assert.deepEqual(JSON.parse(vscodeDialect.format("Stop", deny).stdout), {
    hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: "run the tests" },
  });
  assert.deepEqual(JSON.parse(vscodeDialect.format("SubagentStop", deny).stdout), {
    hookSpecificOutput: {
      hookEventName: "SubagentStop",
      decision: "block",
      reason: "run the tests",
    },
  });
  // VS Code drops a block without a reason (toolCallingLoop.ts): ours always has one.
  for (const reason of [undefined, ""]) {
    const reply = JSON.parse(
      vscodeDialect.format("SubagentStop", { decision: "deny", reason }).stdout,
    );
    assert.ok(reply.hookSpecificOutput.reason.length > 0);
  }
  // A top-level decision is not VS Code's contract on either: judged not honored.
  const wrong = { exitCode: 0, stdout: '{"decision":"block","reason":"x"}\n', stderr: "" };
  assert.equal(vscodeDialect.judge("Stop", deny, wrong).honored, false);
  assert.equal(vscodeDialect.judge("SubagentStop", deny, wrong).honored, false);
  const reasonless = '{"hookSpecificOutput":{"hookEventName":"SubagentStop","decision":"block"}}\n';
  assert.equal(
    vscodeDialect.judge("SubagentStop", deny, { exitCode: 0, stdout: reasonless, stderr: "" })
      .honored,
    false,
  );
  const none = { exitCode: 0, stdout: "", stderr: "" };
  assert.equal(vscodeDialect.judge("Stop", deny, none).honored, false);
});

test("a prompt is blocked with decision:block and can be given context; PreCompact takes none", () => {
  const reply = vscodeDialect.format("UserPromptSubmit", { decision: "deny", reason: "no" });
  assert.deepEqual(JSON.parse(reply.stdout), { decision: "block", reason: "no" });
  const ctx = { decision: "context" as const, additionalContext: "x" };
  assert.deepEqual(JSON.parse(vscodeDialect.format("UserPromptSubmit", ctx).stdout), {
    hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "x" },
  });
  assert.equal(
    vscodeDialect.judge("UserPromptSubmit", ctx, vscodeDialect.format("UserPromptSubmit", ctx))
      .honored,
    true,
  );
  assert.equal(vscodeDialect.format("PreCompact", ctx).stdout, "");
});

test("VS Code cannot rewrite a tool's output, and the verdict says so", () => {
  const response = { decision: "modify" as const, updatedOutput: "redacted" };
  const reply = vscodeDialect.format("PostToolUse", response);
  assert.equal(reply.stdout, "");
  assert.equal(vscodeDialect.judge("PostToolUse", response, reply).honored, false);
});

test("a top-level decision on PreToolUse is not VS Code's contract (chatHookService.ts)", () => {
  const deny = { decision: "deny" as const, reason: "no" };
  const flat = { exitCode: 0, stdout: '{"decision":"block","reason":"no"}\n', stderr: "" };
  assert.equal(vscodeDialect.judge("PreToolUse", deny, flat).honored, false);
  assert.equal(vscodeDialect.judge("PostToolUse", deny, flat).honored, true);
});
