import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { HookEventName, HookResponse } from "../../core/hook_types.ts";
import { piDialect } from "./pi.ts";

const dir = new URL("../../tests/fixtures/payloads/pi/", import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));
const json = (event: HookEventName, r: HookResponse) =>
  JSON.parse(piDialect.format(event, r).stdout);

test("the extension's payloads parse into normalized fields", () => {
  const pre = piDialect.parse("PreToolUse", fixture("tool_call").input);
  assert.equal(pre.sessionId, "0199a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b");
  assert.equal(pre.projectDir, "/home/dev/shop");
  assert.equal(pre.toolName, "bash");
  assert.deepEqual(pre.toolInput, { command: "psql -c 'drop table orders'" });
  const post = piDialect.parse("PostToolUse", fixture("tool_result").input);
  assert.deepEqual([post.toolName, post.toolInput, post.toolOutput], [
    "bash",
    { command: "npm test" },
    "12 passing",
  ]);
  assert.equal(
    piDialect.parse("UserPromptSubmit", fixture("input").input).prompt,
    "Add a refund endpoint to the orders API",
  );
  assert.equal(piDialect.parse("SessionStart", fixture("session_start").input).source, "startup");
  const resumed = { ...fixture("session_start").input, input: { reason: "resume" } };
  assert.equal(piDialect.parse("SessionStart", resumed).source, "resume");
  assert.equal(piDialect.parse("SessionEnd", fixture("session_shutdown").input).reason, "quit");
});

test("replies carry exactly what the extension applies", () => {
  for (
    const [name, event] of [["tool_call", "PreToolUse"], ["input", "UserPromptSubmit"]] as const
  ) {
    assert.deepEqual(
      json(event, { decision: "deny", reason: "reason" }),
      fixture(name).replies.deny.stdout,
    );
  }
  assert.deepEqual(
    json("PreToolUse", { decision: "modify", updatedInput: { command: "echo dry-run" } }),
    fixture("tool_call").replies.modify.stdout,
  );
  assert.deepEqual(
    json("PostToolUse", { decision: "modify", updatedOutput: "text" }),
    fixture("tool_result").replies.modify.stdout,
  );
  assert.deepEqual(
    json("SessionStart", { decision: "context", additionalContext: "text" }),
    fixture("session_start").replies.context.stdout,
  );
  assert.deepEqual(
    json("PreCompact", { decision: "deny", reason: "reason" }),
    fixture("session_before_compact").replies.deny.stdout,
  );
  // pi has no ask for a tool call: it blocks, the safe side.
  assert.deepEqual(json("PreToolUse", { decision: "ask", reason: "sure?" }), { block: "sure?" });
  assert.equal(piDialect.format("Stop", { decision: "deny", reason: "x" }).stdout, "");
});

test("the judge says a PostToolUse deny only reaches the model as context", () => {
  const reply = piDialect.format("PostToolUse", { decision: "deny", reason: "stop" });
  assert.deepEqual(JSON.parse(reply.stdout), { context: "stop" });
  const verdict = piDialect.judge("PostToolUse", { decision: "deny", reason: "stop" }, reply);
  assert.equal(verdict.honored, false);
});
