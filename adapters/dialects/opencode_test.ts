import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import { opencodeDialect } from "./opencode.ts";

const dir = new URL("../../tests/fixtures/payloads/opencode/", import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));
const json = (event: HookEventName, r: HookResponse) =>
  JSON.parse(opencodeDialect.format(event, r).stdout);

test("the plugin's payloads parse into normalized fields", () => {
  const pre = opencodeDialect.parse("PreToolUse", fixture("tool.execute.before").input);
  assert.equal(pre.sessionId, "ses_7f1c2b9e");
  assert.equal(pre.projectDir, "/home/dev/shop");
  assert.equal(pre.toolName, "bash");
  assert.equal((pre.toolInput as { command: string }).command, "psql -c 'drop table orders'");
  const post = opencodeDialect.parse("PostToolUse", fixture("tool.execute.after").input);
  assert.deepEqual(post.toolInput, { command: "npm test" });
  assert.equal(post.toolOutput, "12 passing");
  assert.equal(
    opencodeDialect.parse("UserPromptSubmit", fixture("chat.message").input).prompt,
    "Add a refund endpoint\nto the orders API",
  );
  assert.equal(
    opencodeDialect.parse("SessionStart", fixture("session.created").input).sessionId,
    "ses_7f1c2b9e",
  );
  assert.equal(
    opencodeDialect.parse("Stop", fixture("session.idle").input).sessionId,
    "ses_7f1c2b9e",
  );
  assert.equal(
    opencodeDialect.parse("Notification", fixture("tui.toast.show").input).message,
    "Session finished",
  );
});

test("replies carry exactly what the plugin applies", () => {
  assert.deepEqual(
    json("PreToolUse", { decision: "deny", reason: "reason" }),
    fixture("tool.execute.before").replies.deny.stdout,
  );
  assert.deepEqual(
    json("PreToolUse", { decision: "modify", updatedInput: { command: "echo dry-run" } }),
    fixture("tool.execute.before").replies.modify.stdout,
  );
  assert.deepEqual(json("PostToolUse", { decision: "modify", updatedOutput: "text" }), {
    output: "text",
  });
  assert.deepEqual(
    json("PreCompact", { decision: "context", additionalContext: "text" }),
    fixture("experimental.session.compacting").replies.context.stdout,
  );
  assert.deepEqual(json("PreToolUse", { decision: "ask", reason: "sure?" }), { block: "sure?" });
  assert.equal(opencodeDialect.format("Stop", { decision: "deny", reason: "x" }).stdout, "");
});

test("the judge says opencode cannot keep a session running or inject context before a tool", () => {
  const deny = { decision: "deny" as const, reason: "go on" };
  assert.equal(
    opencodeDialect.judge("Stop", deny, opencodeDialect.format("Stop", deny)).honored,
    false,
  );
  const ctx = { decision: "context" as const, additionalContext: "c" };
  assert.equal(
    opencodeDialect.judge("PreToolUse", ctx, opencodeDialect.format("PreToolUse", ctx)).honored,
    false,
  );
  assert.equal(
    opencodeDialect.judge("SessionStart", ctx, opencodeDialect.format("SessionStart", ctx)).honored,
    true,
  );
});
