import { test } from "node:test";
import assert from "node:assert/strict";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import { payloadFixtures, replyObject, responseFor } from "../../tests/_helpers/payloads.ts";
import { codexDialect } from "./codex.ts";

const fixtures = payloadFixtures("codex");

// Where our reply differs from the fixture on purpose (module doc of codex.ts).
const DEVIATIONS: Record<string, string> = {
  "PreToolUse/ask": "Codex fails an ask open, so it is written as a deny",
};

test("every documented Codex reply is what the dialect writes for that intent", () => {
  let checked = 0;
  for (const fixture of Object.values(fixtures)) {
    for (const [intent, example] of Object.entries(fixture.replies)) {
      const response = responseFor(intent, example.stdout);
      if (!response || DEVIATIONS[`${fixture.native_event}/${intent}`]) continue;
      const reply = codexDialect.format(fixture.normalized_event, response);
      assert.equal(reply.exitCode, example.exit ?? 0);
      assert.deepEqual(
        replyObject(reply.stdout),
        replyObject(JSON.stringify(example.stdout ?? {})),
        `${fixture.native_event} ${intent}`,
      );
      checked++;
    }
  }
  assert.ok(checked >= 10, `checked ${checked} replies`);
});

test("an ask on PreToolUse becomes a deny, which the judge reports as not honored", () => {
  const reply = codexDialect.format("PreToolUse", { decision: "ask", reason: "Needs review" });
  assert.deepEqual(JSON.parse(reply.stdout).hookSpecificOutput, {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "Needs review",
  });
  const verdict = codexDialect.judge("PreToolUse", { decision: "ask" }, reply);
  assert.equal(verdict.honored, false);
  assert.match(verdict.reason, /Codex cannot ask on PreToolUse; the ask is written as a deny/);
});

test("no reply carries a field Codex's schemas reject", () => {
  // Per event, the keys each output schema allows (additionalProperties:false).
  const allowed = new Set([
    "decision",
    "reason",
    "hookSpecificOutput",
    "hookEventName",
    "permissionDecision",
    "permissionDecisionReason",
    "updatedInput",
    "additionalContext",
    "behavior",
    "message",
    "command",
  ]);
  const response = {
    decision: "modify" as const,
    reason: "r",
    additionalContext: "c",
    updatedInput: { command: "echo safe" },
    updatedOutput: "redacted",
  };
  for (const event of HOOK_EVENT_NAMES) {
    for (const decision of ["allow", "deny", "ask", "modify", "context"] as const) {
      const reply = codexDialect.format(event, { ...response, decision });
      const walk = (v: unknown): void => {
        if (!v || typeof v !== "object") return;
        for (const [k, x] of Object.entries(v)) {
          assert.ok(allowed.has(k), `${event} × ${decision} writes ${k}`);
          if (k !== "updatedInput") walk(x);
        }
      };
      walk(reply.stdout ? JSON.parse(reply.stdout) : {});
    }
  }
});

test("a PermissionRequest modify writes nothing, since updatedInput there fails closed", () => {
  const reply = codexDialect.format("PermissionRequest", {
    decision: "modify",
    updatedInput: { command: "ls" },
  });
  assert.equal(reply.stdout, "");
  assert.equal(
    codexDialect.judge("PermissionRequest", { decision: "modify", updatedInput: {} }, reply)
      .honored,
    false,
  );
});

test("a PreToolUse rewrite is allow + updatedInput and is honored", () => {
  const response = { decision: "modify" as const, updatedInput: { command: "rm -i x" } };
  const reply = codexDialect.format("PreToolUse", response);
  assert.deepEqual(JSON.parse(reply.stdout).hookSpecificOutput, {
    hookEventName: "PreToolUse",
    permissionDecision: "allow",
    updatedInput: { command: "rm -i x" },
  });
  assert.equal(codexDialect.judge("PreToolUse", response, reply).honored, true);
});

test("Codex payloads parse into the normalized fields", () => {
  const post = codexDialect.parse("PostToolUse", fixtures.PostToolUse.input);
  assert.equal(post.toolName, "Bash");
  assert.equal(post.toolOutput, "\u2026tool output\u2026");
  assert.equal(post.sessionId, "<session-id>");
  assert.equal(post.projectDir, "/path/to/cwd");
  assert.equal(codexDialect.parse("SessionEnd", fixtures.SessionEnd.input).reason, "other");
  assert.equal(codexDialect.parse("Stop", fixtures.Stop.input).stopHookActive, false);
});
