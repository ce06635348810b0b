import { test } from "node:test";
import assert from "node:assert/strict";
import { devinDialect } from "./devin.ts";

test("Devin reads Claude Code's stdin object", () => {
  const pre = devinDialect.parse("PreToolUse", {
    session_id: "s",
    cwd: "/p",
    tool_name: "exec",
    tool_input: { command: "ls" },
  });
  assert.equal(pre.toolName, "exec");
  assert.deepEqual(pre.toolInput, { command: "ls" });
  assert.equal(pre.projectDir, "/p");
});

test("a deny is the top-level block decision; a permission is approved or denied", () => {
  const deny = { decision: "deny" as const, reason: "no" };
  assert.equal(
    devinDialect.format("PreToolUse", deny).stdout,
    '{"decision":"block","reason":"no"}\n',
  );
  assert.equal(
    devinDialect.judge("PreToolUse", deny, devinDialect.format("PreToolUse", deny)).honored,
    true,
  );
  assert.equal(
    devinDialect.format("PermissionRequest", { decision: "allow" }).stdout,
    '{"decision":"approve"}\n',
  );
  assert.equal(
    devinDialect.format("PermissionRequest", deny).stdout,
    '{"decision":"deny","reason":"no"}\n',
  );
  // No context channel is documented: the note is dropped and judged so.
  const ctx = { decision: "context" as const, additionalContext: "c" };
  const reply = devinDialect.format("UserPromptSubmit", ctx);
  assert.equal(reply.stdout, "");
  assert.equal(devinDialect.judge("UserPromptSubmit", ctx, reply).honored, false);
});
