import { test } from "node:test";
import assert from "node:assert/strict";
import { payloadFixtures, replyObject, responseFor } from "../../tests/_helpers/payloads.ts";
import { geminiDialect } from "./gemini.ts";

const fixtures = payloadFixtures("gemini-cli");

// Where our reply differs from the fixture on purpose (module doc of gemini.ts).
const DEVIATIONS: Record<string, string> = {
  "AfterTool/modify":
    "the replacement output is written as decision deny + reason, the documented way",
};

test("every documented Gemini reply is what the dialect writes for that intent", () => {
  let checked = 0;
  for (const fixture of Object.values(fixtures)) {
    for (const [intent, example] of Object.entries(fixture.replies)) {
      const response = responseFor(intent, example.stdout);
      if (!response || !example.stdout || DEVIATIONS[`${fixture.native_event}/${intent}`]) {
        continue;
      }
      // systemMessage is a user-facing line outside the normalized response.
      const { systemMessage: _, ...expected } = example.stdout;
      const reply = geminiDialect.format(fixture.normalized_event, response, fixture.input);
      assert.deepEqual(
        replyObject(reply.stdout),
        replyObject(JSON.stringify(expected)),
        `${fixture.native_event} ${intent}`,
      );
      checked++;
    }
  }
  assert.ok(checked >= 8, `checked ${checked} replies`);
});

test("a new AfterTool output replaces what the model sees and is honored", () => {
  const response = { decision: "modify" as const, updatedOutput: "[redacted]" };
  const reply = geminiDialect.format("PostToolUse", response);
  assert.deepEqual(JSON.parse(reply.stdout), { decision: "deny", reason: "[redacted]" });
  assert.equal(geminiDialect.judge("PostToolUse", response, reply).honored, true);
});

test("a BeforeTool rewrite is honored only when it keeps every original argument", () => {
  const raw = fixtures.BeforeTool.input; // tool_input: { command, description }
  const partial = {
    decision: "modify" as const,
    updatedInput: { command: "rm -rf build --dry-run" },
  };
  const reply = geminiDialect.format("PreToolUse", partial, raw);
  assert.deepEqual(JSON.parse(reply.stdout), {
    hookSpecificOutput: { tool_input: partial.updatedInput },
  });
  const merged = geminiDialect.judge("PreToolUse", partial, reply, raw);
  assert.equal(merged.honored, false);
  assert.match(merged.reason, /merges tool_input .* description keep their old values/);
  const full = {
    decision: "modify" as const,
    updatedInput: { command: "rm -rf build --dry-run", description: "clean" },
  };
  assert.equal(
    geminiDialect.judge("PreToolUse", full, geminiDialect.format("PreToolUse", full, raw), raw)
      .honored,
    true,
  );
});

test("an ask has no Gemini counterpart: a deny where Gemini can deny, nothing elsewhere", () => {
  const reply = geminiDialect.format("PreToolUse", { decision: "ask", reason: "check" });
  assert.deepEqual(JSON.parse(reply.stdout), { decision: "deny", reason: "check" });
  assert.equal(geminiDialect.judge("PreToolUse", { decision: "ask" }, reply).honored, false);
  assert.equal(geminiDialect.format("SessionStart", { decision: "ask" }).stdout, "");
});

test("deny and context on observe-only events write nothing and are reported", () => {
  for (const event of ["SessionEnd", "Notification", "PreCompact"] as const) {
    const reply = geminiDialect.format(event, {
      decision: "deny",
      reason: "no",
      additionalContext: "c",
    });
    assert.equal(reply.stdout, "", event);
    assert.equal(geminiDialect.judge(event, { decision: "deny" }, reply).honored, false);
  }
  const stop = geminiDialect.format("Stop", { decision: "deny", reason: "Run tests" });
  assert.deepEqual(JSON.parse(stop.stdout), { decision: "deny", reason: "Run tests" });
  assert.match(geminiDialect.judge("Stop", { decision: "deny" }, stop).reason, /retry/);
});

test("Gemini payloads parse into the normalized fields", () => {
  const after = geminiDialect.parse("PostToolUse", fixtures.AfterTool.input);
  assert.equal(after.toolName, "read_file");
  assert.equal(after.toolOutput, "SECRET=1");
  assert.equal(after.isError, false);
  assert.deepEqual(after.toolInput, { file_path: ".env" });
  assert.equal(
    geminiDialect.parse("UserPromptSubmit", fixtures.BeforeAgent.input).prompt,
    "Refactor auth",
  );
  assert.equal(geminiDialect.parse("PreCompact", fixtures.PreCompress.input).trigger, "auto");
  assert.equal(geminiDialect.parse("Stop", fixtures.AfterAgent.input).stopHookActive, false);
  assert.equal(
    geminiDialect.parse("Notification", fixtures.Notification.input).message,
    "Allow run_shell_command?",
  );
  assert.equal(
    geminiDialect.parse("SessionStart", fixtures.SessionStart.input).sessionId,
    "a1b2c3",
  );
  assert.equal(geminiDialect.parse("PostToolUse", {}).toolOutput, undefined);
});
