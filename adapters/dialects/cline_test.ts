import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { clineDialect } from "./cline.ts";

const dir = new URL("../../tests/fixtures/payloads/cline/", import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));

test("Cline payloads parse into normalized fields", () => {
  const pre = clineDialect.parse("PreToolUse", fixture("PreToolUse").input);
  assert.equal(pre.sessionId, "1787304840011");
  assert.equal(pre.projectDir, "/home/dev/shop");
  assert.equal(pre.toolName, "execute_command");
  assert.deepEqual(pre.toolInput, { command: "npm run migrate", requires_approval: "true" });
  const post = clineDialect.parse("PostToolUse", fixture("PostToolUse").input);
  assert.equal(post.toolOutput, "12 passing");
  assert.equal(post.isError, false);
  assert.equal(
    clineDialect.parse("UserPromptSubmit", fixture("UserPromptSubmit").input).prompt,
    "Add a refund endpoint to the orders API",
  );
  assert.equal(clineDialect.parse("SessionStart", fixture("TaskStart").input).source, "startup");
  assert.equal(clineDialect.parse("SessionStart", fixture("TaskResume").input).source, "resume");
  assert.equal(clineDialect.parse("SessionEnd", fixture("TaskCancel").input).reason, "cancel");
  assert.equal(clineDialect.parse("PreCompact", fixture("PreCompact").input).trigger, "auto");
});

test("the CLI's event names and raw tool call parse like the extension's (hook-file-hooks.ts)", () => {
  const pre = clineDialect.parse("PreToolUse", fixture("tool_call").input);
  assert.equal(pre.sessionId, "conv_01J9ZK6Q3M");
  assert.equal(pre.projectDir, "/home/dev/shop");
  assert.equal(pre.toolName, "run_commands");
  // The raw input, not the string map.
  assert.deepEqual(pre.toolInput, { commands: ["npm run migrate"], timeout: 120 });
  assert.equal(clineDialect.parse("SessionStart", fixture("agent_resume").input).source, "resume");
  assert.equal(clineDialect.parse("SessionEnd", fixture("agent_abort").input).reason, "cancel");
});

test("a deny cancels with the reason; tool context becomes a context modification", () => {
  const json = (r: ReturnType<typeof clineDialect.format>) => JSON.parse(r.stdout);
  assert.deepEqual(
    json(clineDialect.format("PreToolUse", { decision: "deny", reason: "reason" })),
    fixture("PreToolUse").replies.deny.stdout,
  );
  assert.deepEqual(
    json(clineDialect.format("PreToolUse", { decision: "context", additionalContext: "text" })),
    fixture("tool_call").replies.context.stdout,
  );
  assert.deepEqual(
    json(clineDialect.format("UserPromptSubmit", { decision: "deny", reason: "reason" })),
    fixture("UserPromptSubmit").replies.deny.stdout,
  );
  assert.deepEqual(
    json(clineDialect.format("PostToolUse", { decision: "deny", reason: "stop that" })),
    { contextModification: "stop that" },
  );
  assert.equal(clineDialect.format("Stop", { decision: "deny", reason: "x" }).stdout, "");
});

test("prompt and session-start context is not written: both Cline runtimes drop it", () => {
  const ctx = { decision: "context" as const, additionalContext: "text" };
  for (const event of ["UserPromptSubmit", "SessionStart"] as const) {
    const reply = clineDialect.format(event, ctx);
    assert.equal(reply.stdout, "", event);
    assert.equal(clineDialect.judge(event, ctx, reply).honored, false, event);
  }
});

test("an input rewrite is the CLI's overrideInput; ask is not Cline's", () => {
  const ask = { decision: "ask" as const, reason: "sure?" };
  assert.equal(
    clineDialect.judge("PreToolUse", ask, clineDialect.format("PreToolUse", ask)).honored,
    false,
  );
  const updatedInput = { commands: ["npm run migrate -- --dry-run"] };
  const modify = { decision: "modify" as const, updatedInput };
  const reply = clineDialect.format("PreToolUse", modify);
  assert.deepEqual(JSON.parse(reply.stdout), fixture("tool_call").replies.modify.stdout);
  assert.equal(clineDialect.judge("PreToolUse", modify, reply).honored, true);
  const deny = { decision: "deny" as const, reason: "no" };
  assert.equal(
    clineDialect.judge("PreToolUse", deny, clineDialect.format("PreToolUse", deny)).honored,
    true,
  );
});
