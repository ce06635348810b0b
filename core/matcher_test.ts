import { test } from "node:test";
import assert from "node:assert/strict";
import { eventMatches, matcherForm, matches } from "./matcher.ts";

test("an empty, omitted or star matcher matches every name", () => {
  for (const m of [undefined, "", "  ", "*"]) assert.equal(matches(m, "Anything"), true);
});

test("a plain matcher is an exact list of names, as Claude Code reads it", () => {
  assert.deepEqual(matcherForm("Bash|Write, Edit"), {
    kind: "list",
    names: ["Bash", "Write", "Edit"],
  });
  assert.equal(matches("acme_write", "acme_write"), true);
  assert.equal(matches("acme_write", "acme_write_all"), false);
  assert.equal(matches("Bash|Write", "Write"), true);
  assert.equal(matches("Bash|Write", "Read"), false);
});

test("anything else is an unanchored regex", () => {
  assert.equal(matches("mcp__acme__.*", "mcp__acme__query"), true);
  assert.equal(matches("^Bash$", "Bash"), true);
  assert.equal(matches("^Bash$", "BashOutput"), false);
  assert.equal(matches("Edit.", "NotebookEdit2"), true);
});

test("an invalid regex matches nothing instead of everything", () => {
  assert.equal(matches("(unclosed", "(unclosed"), false);
});

test("tool events test the tool name; subagent events the agent type; others always run", () => {
  assert.equal(eventMatches("PreToolUse", "Write", { toolName: "Bash" }), false);
  assert.equal(eventMatches("PermissionRequest", "Bash", { toolName: "Bash" }), true);
  assert.equal(eventMatches("SubagentStart", "Explore", { agentType: "Plan" }), false);
  assert.equal(eventMatches("SubagentStop", "Explore", {}), true);
  assert.equal(eventMatches("SessionStart", "Write", {}), true);
});
