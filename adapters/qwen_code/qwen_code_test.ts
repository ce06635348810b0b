import { test } from "node:test";
import assert from "node:assert/strict";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import { scopePath } from "../descriptor.ts";
import { adapter } from "./mod.ts";

const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };

test("QWEN_HOME replaces ~/.qwen, with a leading ~ expanded", () => {
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/h/.qwen/settings.json");
  const abs = { ...ctx, env: { QWEN_HOME: "/alt/qwen" } };
  assert.equal(scopePath(adapter.memory!.paths, "user", abs), "/alt/qwen/QWEN.md");
  const tilde = { ...ctx, env: { QWEN_HOME: "~/profiles/work" } };
  assert.equal(scopePath(adapter.hooks!.paths, "user", tilde), "/h/profiles/work/settings.json");
  assert.equal(
    scopePath(adapter.hooks!.paths, "user", { ...ctx, env: { QWEN_HOME: "~" } }),
    "/h/settings.json",
  );
});

test("every normalized event is a Qwen event of the same name", () => {
  for (const e of HOOK_EVENT_NAMES) assert.equal(adapter.hooks!.events[e]?.name, e);
  assert.equal(adapter.hooks!.events.PreToolUse?.matcher, true);
  assert.equal(adapter.hooks!.events.Stop?.matcher, false);
});

test("project memory goes to the shared AGENTS.md, user memory to QWEN.md", () => {
  assert.equal(scopePath(adapter.memory!.paths, "project", ctx), "/p/AGENTS.md");
  assert.equal(scopePath(adapter.memory!.paths, "user", ctx), "/h/.qwen/QWEN.md");
});

test("subagents put the model under modelConfig", () => {
  const r = adapter.subagents!.render({
    name: "tester",
    description: "Runs tests",
    prompt: "Run the tests.",
    model: "qwen3-coder-plus",
    tools: { allow: ["run_shell_command"] },
  });
  assert.equal(
    r.files[0].text,
    '---\nname: tester\ndescription: Runs tests\ntools: ["run_shell_command"]\nmodelConfig: {"model":"qwen3-coder-plus"}\n---\n\nRun the tests.\n',
  );
});
