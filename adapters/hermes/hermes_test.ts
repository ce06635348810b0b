import { test } from "node:test";
import assert from "node:assert/strict";
import { scopePath } from "../descriptor.ts";
import { adapter } from "./mod.ts";
import { hermesDialect } from "./dialect.ts";
import { hermesHomes } from "./usage.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("config.yaml is in HERMES_HOME, else ~/.hermes, else %LOCALAPPDATA%\\hermes on Windows", () => {
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/h/.hermes/config.yaml");
  const profile = { ...ctx, env: { HERMES_HOME: "/h/.hermes/profiles/work" } };
  assert.equal(
    scopePath(adapter.hooks!.paths, "user", profile),
    "/h/.hermes/profiles/work/config.yaml",
  );
  const win = {
    home: "C:\\Users\\ann",
    projectDir: "C:\\src",
    env: { LOCALAPPDATA: "C:\\L" },
    os: "win32" as const,
  };
  assert.equal(scopePath(adapter.server!.paths, "user", win), "C:\\L\\hermes\\config.yaml");
  assert.deepEqual(hermesHomes({ home: "C:\\U", env: { LOCALAPPDATA: "C:\\L" }, os: "win32" }), [
    "C:\\L\\hermes",
    "C:\\U\\.hermes",
  ]);
  assert.equal(scopePath(adapter.server!.paths, "project", ctx), undefined);
});

test("project memory goes to an existing .hermes.md or HERMES.md, else AGENTS.md", () => {
  assert.equal(scopePath(adapter.memory!.paths, "project", ctx), "/p/AGENTS.md");
  const probe = { exists: (p: string) => p === "/p/HERMES.md" };
  assert.equal(scopePath(adapter.memory!.paths, "project", { ...ctx, probe }), "/p/HERMES.md");
});

test("pre_tool_call replies block, modify and escalate to the approval gate", () => {
  const reply = (r: Parameters<typeof hermesDialect.format>[1]) =>
    JSON.parse(hermesDialect.format("PreToolUse", r).stdout);
  assert.deepEqual(reply({ decision: "deny", reason: "no" }), { decision: "block", reason: "no" });
  assert.deepEqual(reply({ decision: "ask", reason: "sure?" }), {
    action: "approve",
    message: "sure?",
  });
  assert.deepEqual(reply({ decision: "modify", updatedInput: { command: "ls" } }), {
    decision: "modify",
    tool_input: { command: "ls" },
  });
  assert.deepEqual(
    JSON.parse(
      hermesDialect.format("UserPromptSubmit", { decision: "context", additionalContext: "c" })
        .stdout,
    ),
    { context: "c" },
  );
  assert.equal(hermesDialect.format("Stop", { decision: "deny", reason: "no" }).stdout, "");
});

test("the prompt and the subagent come from the payload's extra", () => {
  const p = hermesDialect.parse("UserPromptSubmit", {
    session_id: "s",
    cwd: "/p",
    extra: { user_message: "hi" },
  });
  assert.equal(p.prompt, "hi");
  assert.equal(p.sessionId, "s");
  const s = hermesDialect.parse("SubagentStart", { extra: { child_role: "leaf" } });
  assert.equal(s.agentType, "leaf");
});
