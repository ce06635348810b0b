import { test } from "node:test";
import assert from "node:assert/strict";
import { payloadFixtures, replyObject, responseFor } from "../../tests/_helpers/payloads.ts";
import { qwenDialect } from "./qwen.ts";

const fixtures = payloadFixtures("qwen-code");

test("every documented Qwen reply is what the dialect writes for that intent", () => {
  let checked = 0;
  for (const fixture of Object.values(fixtures)) {
    for (const [intent, example] of Object.entries(fixture.replies)) {
      const response = responseFor(intent, example.stdout);
      if (!response) continue;
      const reply = qwenDialect.format(fixture.normalized_event, response);
      assert.deepEqual(
        replyObject(reply.stdout),
        replyObject(JSON.stringify(example.stdout ?? {})),
        `${fixture.native_event} ${intent}`,
      );
      checked++;
    }
  }
  assert.ok(checked >= 14, `checked ${checked} replies`);
});

test("every PreToolUse decision carries the reason Qwen requires", () => {
  for (const decision of ["deny", "ask"] as const) {
    const specific = JSON.parse(qwenDialect.format("PreToolUse", { decision }).stdout)
      .hookSpecificOutput;
    assert.equal(specific.permissionDecision, decision);
    assert.equal(typeof specific.permissionDecisionReason, "string");
  }
});

test("a PostToolUse output rewrite is not written, since Qwen cannot replace tool output", () => {
  const response = { decision: "modify" as const, updatedOutput: "redacted" };
  const reply = qwenDialect.format("PostToolUse", response);
  assert.equal(reply.stdout, "");
  const verdict = qwenDialect.judge("PostToolUse", response, reply);
  assert.equal(verdict.honored, false);
  assert.match(verdict.reason, /Qwen Code cannot replace the output/);
});

test("Qwen payloads parse into the normalized fields", () => {
  const pre = qwenDialect.parse("PreToolUse", fixtures.PreToolUse.input);
  assert.equal(pre.toolName, "run_shell_command");
  assert.equal(pre.sessionId, "7f3c2a10-qwen");
  const fail = qwenDialect.parse("PostToolUseFailure", fixtures.PostToolUseFailure.input);
  assert.equal(fail.error, "Command exited with code 1");
  const stop = qwenDialect.parse("SubagentStop", fixtures.SubagentStop.input);
  assert.equal(stop.agentType, "Explorer");
});
