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

test("a deny cancels with the reason; context becomes a context modification", () => {
  const json = (r: ReturnType<typeof clineDialect.format>) => JSON.parse(r.stdout);
  assert.deepEqual(
    json(clineDialect.format("PreToolUse", { decision: "deny", reason: "reason" })),
    fixture("PreToolUse").replies.deny.stdout,
  );
  assert.deepEqual(
    json(
      clineDialect.format("UserPromptSubmit", { decision: "context", additionalContext: "text" }),
    ),
    fixture("UserPromptSubmit").replies.context.stdout,
  );
  assert.deepEqual(
    json(clineDialect.format("PostToolUse", { decision: "deny", reason: "stop that" })),
    { contextModification: "stop that" },
  );
  assert.equal(clineDialect.format("Stop", { decision: "deny", reason: "x" }).stdout, "");
});

test("the judge reports what Cline cannot do", () => {
  const ask = { decision: "ask" as const, reason: "sure?" };
  assert.equal(
    clineDialect.judge("PreToolUse", ask, clineDialect.format("PreToolUse", ask)).honored,
    false,
  );
  const modify = { decision: "modify" as const, updatedInput: { command: "ls" } };
  assert.equal(
    clineDialect.judge("PreToolUse", modify, clineDialect.format("PreToolUse", modify)).honored,
    false,
  );
  const deny = { decision: "deny" as const, reason: "no" };
  assert.equal(
    clineDialect.judge("PreToolUse", deny, clineDialect.format("PreToolUse", deny)).honored,
    true,
  );
});
