import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import { claudeDialect } from "./claude.ts";

const dir = new URL("../../tests/fixtures/payloads/claude-code/", import.meta.url);
type Fixture = {
  native_event: string;
  input: Record<string, unknown>;
  replies: Record<string, { exit: number; stdout?: Record<string, unknown> }>;
};
const fixtures: Record<string, Fixture> = Object.fromEntries(
  readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "statusline.json").map((f) => [
    f.replace(/\.json$/, ""),
    JSON.parse(readFileSync(new URL(f, dir), "utf8")),
  ]),
);

function reply(event: HookEventName, response: HookResponse | undefined) {
  const r = claudeDialect.format(event, response);
  return { exit: r.exitCode, json: r.stdout ? JSON.parse(r.stdout) : undefined, raw: r.stdout };
}

test("every documented Claude payload parses into its normalized fields", () => {
  const pre = claudeDialect.parse("PreToolUse", fixtures.PreToolUse.input);
  assert.equal(pre.sessionId, "abc123");
  assert.equal(pre.projectDir, "/home/user/my-project");
  assert.equal(pre.toolName, "Bash");
  assert.deepEqual(pre.toolInput, fixtures.PreToolUse.input.tool_input);
  const fail = claudeDialect.parse("PostToolUseFailure", fixtures.PostToolUseFailure.input);
  assert.equal(fail.error, "Exit code 1\nError: Cannot find module 'express'");
  assert.equal(fail.isInterrupt, false);
  assert.equal(fail.durationMs, 4187);
  assert.equal(fail.toolUseId, "toolu_01ABC123...");
  const stop = claudeDialect.parse("SubagentStop", fixtures.SubagentStop.input);
  assert.equal(stop.agentType, "Explore");
  assert.equal(stop.lastAssistantMessage, "Analysis complete. Found 3 potential issues...");
  assert.equal(stop.stopHookActive, false);
  assert.equal(claudeDialect.parse("SessionStart", fixtures.SessionStart.input).source, "startup");
  assert.equal(
    claudeDialect.parse("Notification", fixtures.Notification.input).message,
    "Claude needs your permission",
  );
  assert.equal(claudeDialect.parse("PreCompact", fixtures.PreCompact.input).trigger, "manual");
  assert.equal(
    claudeDialect.parse("UserPromptSubmit", fixtures.UserPromptSubmit.input).prompt,
    "Write a function to calculate the factorial of a number",
  );
  assert.equal(
    claudeDialect.parse("SubagentStart", fixtures.SubagentStart.input).agentId,
    "agent-abc123",
  );
  const perm = claudeDialect.parse("PermissionRequest", fixtures.PermissionRequest.input);
  assert.equal((perm.permissionSuggestions as unknown[]).length, 1);
  const post = claudeDialect.parse("PostToolUse", fixtures.PostToolUse.input);
  assert.equal(post.toolOutput, JSON.stringify(fixtures.PostToolUse.input.tool_response));
});

test("a parse never throws on a payload missing every field", () => {
  for (const event of Object.keys(fixtures) as HookEventName[]) {
    const parsed = claudeDialect.parse(event, {});
    assert.equal(parsed.sessionId, "");
  }
});

/** Fixture replies our normalized responses must reproduce byte for byte (as JSON). */
const DOCUMENTED: Array<[HookEventName, string, HookResponse]> = [
  ["PreToolUse", "deny", { decision: "deny", reason: "Blocked: rm commands are not allowed" }],
  ["PreToolUse", "ask", { decision: "ask", reason: "Confirm before running tests against prod" }],
  ["PreToolUse", "context", {
    decision: "context",
    additionalContext: "Current environment: production. Proceed with caution.",
  }],
  ["PreToolUse", "modify", {
    decision: "modify",
    reason: "My reason here",
    updatedInput: { field_to_modify: "new value" },
    additionalContext: "Current environment: production. Proceed with caution.",
  }],
  ["PostToolUse", "context", {
    decision: "context",
    additionalContext: "This file is generated. Edit src/schema.ts and run `bun generate` instead.",
  }],
  ["PostToolUse", "deny", { decision: "deny", reason: "Lint failed on the written file" }],
  ["PostToolUseFailure", "context", {
    decision: "context",
    additionalContext: "Additional information about the failure for Claude",
  }],
  ["PreCompact", "deny", { decision: "deny", reason: "Export notes first" }],
  ["Stop", "deny", {
    decision: "deny",
    reason: "Must be provided when Claude is blocked from stopping",
  }],
  ["Stop", "context", {
    decision: "context",
    additionalContext: "Please run the test suite before finishing",
  }],
  ["SubagentStart", "context", {
    decision: "context",
    additionalContext: "Follow security guidelines for this task",
  }],
  ["SubagentStop", "deny", { decision: "deny", reason: "Verify the 3 issues before returning" }],
  ["UserPromptSubmit", "context", {
    decision: "context",
    additionalContext: "My additional context here",
  }],
  ["UserPromptSubmit", "deny", { decision: "deny", reason: "Explanation for decision" }],
  ["PermissionRequest", "allow", { decision: "allow" }],
  ["PermissionRequest", "deny", { decision: "deny", reason: "Not allowed by policy" }],
  ["PermissionRequest", "modify", {
    decision: "modify",
    updatedInput: { command: "npm run lint" },
  }],
];

test("replies match the documented Claude Code reply examples", () => {
  for (const [event, intent, response] of DOCUMENTED) {
    const expected = fixtures[event].replies[intent];
    const got = reply(event, response);
    assert.equal(got.exit, expected.exit, `${event} ${intent}`);
    // The documented PermissionRequest deny also shows interrupt:false, the default.
    const want = structuredClone(expected.stdout) as Record<string, Record<string, unknown>>;
    if (event === "PermissionRequest" && intent === "deny") {
      delete (want.hookSpecificOutput.decision as Record<string, unknown>).interrupt;
    }
    assert.deepEqual(got.json, want, `${event} ${intent}`);
    assert.ok(got.raw.endsWith("}\n") && !got.raw.slice(0, -1).includes("\n"), "one JSON line");
  }
});

test("a void handler and a plain allow write nothing (PreToolUse allow must not auto-approve)", () => {
  for (const event of Object.keys(fixtures) as HookEventName[]) {
    assert.equal(reply(event, undefined).raw, "");
    if (event !== "PermissionRequest") {
      assert.equal(reply(event, { decision: "allow" }).raw, "", event);
    }
  }
});

test("deny on the feedback-only events degrades to context carrying the reason", () => {
  for (const event of ["SubagentStart", "PostToolUseFailure"] as HookEventName[]) {
    const got = reply(event, { decision: "deny", reason: "not now" });
    assert.deepEqual(got.json, {
      hookSpecificOutput: { hookEventName: event, additionalContext: "not now" },
    });
    const verdict = claudeDialect.judge(
      event,
      { decision: "deny", reason: "not now" },
      claudeDialect.format(event, { decision: "deny", reason: "not now" }),
    );
    assert.equal(verdict.honored, false);
    assert.match(verdict.reason, /degrades to a context note/);
  }
});

test("ask on PermissionRequest falls through to Claude's own dialog", () => {
  const r = claudeDialect.format("PermissionRequest", { decision: "ask", reason: "check" });
  assert.equal(r.stdout, "");
  assert.equal(claudeDialect.judge("PermissionRequest", { decision: "ask" }, r).honored, true);
});

test("judge reads the reply back instead of trusting the response", () => {
  const forged = {
    exitCode: 0,
    stdout: '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"x"}}\n',
    stderr: "",
  };
  assert.equal(
    claudeDialect.judge("PreToolUse", { decision: "context", additionalContext: "x" }, forged)
      .honored,
    false,
  );
  const deny = claudeDialect.format("PreToolUse", { decision: "deny", reason: "no" });
  assert.equal(claudeDialect.judge("PreToolUse", { decision: "deny" }, deny).honored, true);
  assert.equal(
    claudeDialect.judge("PreToolUse", { decision: "deny" }, { exitCode: 0, stdout: "", stderr: "" })
      .honored,
    false,
  );
});

test("the status-line payload maps onto the StatuslineContext fields", () => {
  const input = JSON.parse(readFileSync(new URL("statusline.json", dir), "utf8")).input;
  const ctx = claudeDialect.statusline!(input);
  assert.deepEqual(ctx.model, { id: "claude-opus-5", displayName: "Opus" });
  assert.equal(ctx.cost?.totalUsd, 0.01234);
  assert.deepEqual(ctx.context, { usedTokens: 15500, maxTokens: 200000, percent: 8 });
  assert.equal(ctx.cwd, "/current/working/directory");
  assert.equal(ctx.transcriptPath, "/path/to/transcript.jsonl");
});
