import { test } from "node:test";
import assert from "node:assert/strict";
import { resolvePath } from "../paths.ts";
import { stdioInput } from "../../tests/_helpers/render_input.ts";
import { adapter } from "./mod.ts";

test("user memory is a rule in the global folder, which CONTINUE_GLOBAL_DIR moves", () => {
  // continuedev/continue@d0a3c0b core/util/paths.ts: CONTINUE_GLOBAL_DIR, a
  // relative value resolved against the cwd; core/config/markdown/loadMarkdownRules.ts
  // loads <global>/rules/*.md.
  const user = adapter.memory!.paths.user!;
  const ctx = { home: "/h", env: {}, os: "linux" as const, projectDir: "/p" };
  assert.equal(resolvePath(user, ctx), "/h/.continue/rules/agent-connector.md");
  const moved = { ...ctx, env: { CONTINUE_GLOBAL_DIR: "/cfg/continue" } };
  assert.equal(resolvePath(user, moved), "/cfg/continue/rules/agent-connector.md");
});

test("Continue fires no hook event, and its capability flags say so", () => {
  assert.deepEqual(adapter.hooks!.events, {});
  assert.match(adapter.hooks!.unfired!.PreToolUse!, /fires no hooks/);
  for (const flag of ["preToolUse", "postToolUse", "sessionStart", "userPromptSubmit", "stop"]) {
    assert.equal((adapter.capabilities as unknown as Record<string, boolean>)[flag], false, flag);
  }
});

test("the YAML entry carries connectionTimeout in ms; the project JSON has none", () => {
  assert.equal(
    adapter.server!.render(stdioInput({ timeoutMs: 30000 })).entry.connectionTimeout,
    30000,
  );
  const json = adapter.server!.scopes!.project!.render!(stdioInput({ timeoutMs: 30000 }));
  assert.equal(json.entry.connectionTimeout, undefined);
  assert.deepEqual(json.dropped.map((d) => d.field), ["server.timeoutMs"]);
});
