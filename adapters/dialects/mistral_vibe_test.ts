import { test } from "node:test";
import assert from "node:assert/strict";
import { mistralVibeDialect } from "./mistral_vibe.ts";
import { payloadFixtures } from "../../tests/_helpers/payloads.ts";

const fixtures = payloadFixtures("mistral-vibe");
const out = (reply: { stdout: string }) =>
  reply.stdout === "" ? undefined : JSON.parse(reply.stdout);

test("before_tool: a deny and a rewrite are the documented replies", () => {
  const f = fixtures.before_tool;
  const parsed = mistralVibeDialect.parse("PreToolUse", f.input);
  assert.equal(parsed.toolName, "bash");
  assert.deepEqual(parsed.toolInput, { command: "rm -rf /" });
  const deny = mistralVibeDialect.format("PreToolUse", {
    decision: "deny",
    reason: "Reject dangerous shell commands.",
  });
  assert.deepEqual(out(deny), f.replies.deny.stdout);
  const modify = mistralVibeDialect.format("PreToolUse", {
    decision: "modify",
    updatedInput: { command: "ls" },
  });
  assert.deepEqual(out(modify), f.replies.modify.stdout);
  assert.equal(mistralVibeDialect.format("PreToolUse", { decision: "allow" }).stdout, "");
});

test("after_tool: context is appended, a rewritten output is a deny with the new text", () => {
  const f = fixtures.after_tool;
  assert.equal(mistralVibeDialect.parse("PostToolUse", f.input).toolOutput, "README.md\n");
  const context = mistralVibeDialect.format("PostToolUse", {
    decision: "context",
    additionalContext: "Prefer the acme tools.",
  });
  assert.deepEqual(out(context), f.replies.context.stdout);
  const rewrite = mistralVibeDialect.format("PostToolUse", {
    decision: "modify",
    updatedOutput: "[output withheld]",
  });
  assert.deepEqual(out(rewrite), f.replies.deny.stdout);
  assert.equal(
    mistralVibeDialect.judge("PostToolUse", {
      decision: "modify",
      updatedOutput: "[output withheld]",
    }, rewrite).honored,
    true,
  );
});

test("post_agent_turn: a deny sends the reason back; an ask on a tool is written as a deny", () => {
  const f = fixtures.post_agent_turn;
  const stop = mistralVibeDialect.format("Stop", {
    decision: "deny",
    reason: "Run the tests before you stop.",
  });
  assert.deepEqual(out(stop), f.replies.deny.stdout);
  const ask = mistralVibeDialect.format("PreToolUse", { decision: "ask", reason: "sure?" });
  assert.deepEqual(out(ask), { decision: "deny", reason: "sure?" });
});
