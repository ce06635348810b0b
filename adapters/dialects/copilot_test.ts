import { test } from "node:test";
import assert from "node:assert/strict";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import { assertDocumentedReplies, payloadFixtures } from "../../tests/_helpers/payload_fixtures.ts";
import { copilotCliDialect, jetbrainsCopilotDialect } from "./copilot.ts";

const cli = payloadFixtures("copilot-cli");
const jb = payloadFixtures("jetbrains-copilot");

test("camelCase Copilot CLI payloads parse, toolArgs sent as JSON text included", () => {
  const pre = copilotCliDialect.parse("PreToolUse", cli.preToolUse.input);
  assert.equal(pre.sessionId, "s-1");
  assert.equal(pre.projectDir, "/repo");
  assert.equal(pre.toolName, "bash");
  assert.deepEqual(pre.toolInput, { command: "rm -rf dist" });
  const observed = copilotCliDialect.parse("PreToolUse", cli["preToolUse.observed"].input);
  assert.deepEqual(observed.toolInput, {
    command: "git --no-pager status --short --branch",
    description: "Show git status",
  });
});

test("the VS Code-compatible snake_case payload Copilot CLI sends for PascalCase events parses too", () => {
  const input = (cli["preToolUse.observed"] as unknown as {
    input_vscode_compatible: Record<string, unknown>;
  }).input_vscode_compatible;
  const pre = copilotCliDialect.parse("PreToolUse", input);
  assert.equal(pre.sessionId, "61eb593e-2b98-4481-8293-bc3667aa96b7");
  assert.equal(pre.toolName, "Bash");
  assert.deepEqual(pre.toolInput, { command: "git status", description: "Show git status" });
});

test("Copilot CLI subagent and tool-result fields map to the normalized ones", () => {
  const stop = copilotCliDialect.parse("SubagentStop", {
    sessionId: "s",
    agentId: "a1",
    agentType: "explore",
    agentName: "explore",
    response: "done",
    transcriptPath: "/t.jsonl",
  });
  assert.equal(stop.agentType, "explore");
  assert.equal(stop.lastAssistantMessage, "done");
  assert.equal(stop.agentTranscriptPath, "/t.jsonl");
  assert.equal(
    copilotCliDialect.parse("SubagentStart", { agentName: "reviewer" }).agentType,
    "reviewer",
  );
  const post = copilotCliDialect.parse("PostToolUse", {
    toolName: "view",
    toolArgs: {},
    toolResult: { resultType: "success", textResultForLlm: "file text" },
  });
  assert.equal(post.toolOutput, "file text");
  assert.equal(post.isError, false);
});

test("Copilot parses never throw on a payload missing every field", () => {
  for (const event of HOOK_EVENT_NAMES) {
    assert.equal(copilotCliDialect.parse(event, {}).sessionId, "");
    assert.equal(jetbrainsCopilotDialect.parse(event, {}).sessionId, "");
  }
});

test("Copilot CLI's documented replies are honored, and ours are flat with the same fields", () => {
  assertDocumentedReplies(copilotCliDialect, "PreToolUse", cli.preToolUse);
  assertDocumentedReplies(copilotCliDialect, "PreToolUse", cli["preToolUse.observed"]);
  assertDocumentedReplies(copilotCliDialect, "Stop", cli.agentStop);
  assertDocumentedReplies(copilotCliDialect, "PermissionRequest", cli.permissionRequest);
  const deny = copilotCliDialect.format("PreToolUse", { decision: "deny", reason: "no" });
  assert.deepEqual(JSON.parse(deny.stdout), {
    permissionDecision: "deny",
    permissionDecisionReason: "no",
  });
});

test("Copilot CLI rewrites a tool result through modifiedResult", () => {
  const response = { decision: "modify" as const, updatedOutput: "redacted" };
  const reply = copilotCliDialect.format("PostToolUse", response);
  assert.deepEqual(JSON.parse(reply.stdout), {
    modifiedResult: { resultType: "success", textResultForLlm: "redacted" },
  });
  assert.equal(copilotCliDialect.judge("PostToolUse", response, reply).honored, true);
});

test("JetBrains acts only on a preToolUse deny; everything else is judged dropped", () => {
  assertDocumentedReplies(jetbrainsCopilotDialect, "PreToolUse", jb.preToolUse);
  const pre = jetbrainsCopilotDialect.parse("PreToolUse", jb.preToolUse.input);
  assert.equal(pre.sessionId, "");
  assert.equal(pre.toolName, "run_in_terminal");
  const modify = { decision: "modify" as const, updatedInput: { command: "ls" } };
  const reply = jetbrainsCopilotDialect.format("PreToolUse", modify);
  assert.equal(reply.stdout, "");
  assert.equal(jetbrainsCopilotDialect.judge("PreToolUse", modify, reply).honored, false);
  const context = { decision: "context" as const, additionalContext: "x" };
  assert.equal(jetbrainsCopilotDialect.format("SessionStart", context).stdout, "");
});
