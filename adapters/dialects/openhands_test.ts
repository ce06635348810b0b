import { test } from "node:test";
import assert from "node:assert/strict";
import { openhandsDialect } from "./openhands.ts";

test("OpenHands' HookEvent is read: tool, prompt (message) and working_dir", () => {
  const pre = openhandsDialect.parse("PreToolUse", {
    event_type: "PreToolUse",
    tool_name: "terminal",
    tool_input: { command: "ls" },
    session_id: "s1",
    working_dir: "/w",
    metadata: {},
  });
  assert.deepEqual(pre, {
    sessionId: "s1",
    projectDir: "/w",
    toolName: "terminal",
    toolInput: { command: "ls" },
  });
  const prompt = openhandsDialect.parse("UserPromptSubmit", { message: "hi", session_id: "s1" });
  assert.equal(prompt.prompt, "hi");
  const post = openhandsDialect.parse("PostToolUse", { tool_name: "t", tool_response: "out" });
  assert.equal(post.toolOutput, "out");
});

test("replies are {decision, reason, additionalContext} where OpenHands reads them", () => {
  const deny = { decision: "deny" as const, reason: "no" };
  assert.equal(
    openhandsDialect.format("PreToolUse", deny).stdout,
    '{"decision":"deny","reason":"no"}\n',
  );
  const ctx = openhandsDialect.format("UserPromptSubmit", {
    decision: "context",
    additionalContext: "c",
  });
  assert.equal(ctx.stdout, '{"additionalContext":"c"}\n');
  // SessionStart results are not acted on: nothing is written, and the judge says so.
  const start = openhandsDialect.format("SessionStart", {
    decision: "context",
    additionalContext: "c",
  });
  assert.equal(start.stdout, "");
  assert.equal(
    openhandsDialect.judge("SessionStart", { decision: "context", additionalContext: "c" }, start)
      .honored,
    false,
  );
  const stop = openhandsDialect.format("Stop", deny);
  assert.equal(openhandsDialect.judge("Stop", deny, stop).honored, true);
});
