import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { HookEventName } from "../../core/hook_types.ts";
import { continueDialect } from "./continue.ts";

const dir = new URL("../../tests/fixtures/payloads/continue/", import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));

test("Continue's Claude-shaped payloads parse into normalized fields", () => {
  const pre = continueDialect.parse("PreToolUse", fixture("PreToolUse").input);
  assert.equal(pre.sessionId, "4b0f3c7e-2d6a-4d43-9e1c-8a1f0c2b7d55");
  assert.equal(pre.projectDir, "/home/dev/shop");
  assert.equal(pre.toolName, "Bash");
  assert.deepEqual(pre.toolInput, { command: "npm run migrate" });
  assert.equal(
    continueDialect.parse("UserPromptSubmit", fixture("UserPromptSubmit").input).prompt,
    "Add a refund endpoint to the orders API",
  );
  assert.equal(
    continueDialect.parse("PostToolUseFailure", fixture("PostToolUseFailure").input).error,
    "exit 1",
  );
  assert.equal(continueDialect.parse("PreCompact", fixture("PreCompact").input).trigger, "auto");
});

test("replies are the documented Claude shapes Continue reads back", () => {
  const out = (event: HookEventName, r: Parameters<typeof continueDialect.format>[1]) =>
    JSON.parse(continueDialect.format(event, r).stdout);
  assert.deepEqual(
    out("PreToolUse", { decision: "deny", reason: "reason" }),
    fixture("PreToolUse").replies.deny.stdout,
  );
  assert.deepEqual(
    out("PreToolUse", {
      decision: "modify",
      updatedInput: { command: "npm run migrate -- --dry-run" },
    }),
    fixture("PreToolUse").replies.modify.stdout,
  );
  assert.deepEqual(
    out("UserPromptSubmit", { decision: "deny", reason: "reason" }),
    fixture("UserPromptSubmit").replies.deny.stdout,
  );
  assert.deepEqual(
    out("PostToolUse", { decision: "context", additionalContext: "text" }),
    fixture("PostToolUse").replies.context.stdout,
  );
});

test("Continue takes no replacement tool output, and the judge says so", () => {
  const response = { decision: "modify" as const, updatedOutput: "new" };
  const reply = continueDialect.format("PostToolUse", response);
  assert.equal(reply.stdout, "");
  assert.equal(continueDialect.judge("PostToolUse", response, reply).honored, false);
});
