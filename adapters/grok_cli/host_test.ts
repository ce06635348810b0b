import { test } from "node:test";
import assert from "node:assert/strict";
import { detectRuntimeHost } from "../runtime_detect.ts";
import { type PathContext, resolvePath } from "../paths.ts";
import { adapter } from "./mod.ts";

test("GROK_HOOK_EVENT alone is grok-cli's; with GROK_WORKSPACE_ROOT it is Grok Build's", async () => {
  assert.equal(
    (await detectRuntimeHost({ GROK_HOOK_EVENT: "PreToolUse" })).platform,
    "grok-cli",
  );
  assert.equal(
    (await detectRuntimeHost({
      GROK_HOOK_EVENT: "pre_tool_use",
      GROK_WORKSPACE_ROOT: "/src",
      CLAUDE_PROJECT_DIR: "/src",
    })).platform,
    "grok-build",
  );
});

test("grok-cli's settings file is ~/.grok/user-settings.json on every OS, user scope only", () => {
  const win: PathContext = { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" };
  assert.equal(
    resolvePath(adapter.server!.paths.user!, win),
    "C:\\Users\\ann\\.grok\\user-settings.json",
  );
  assert.equal(adapter.server!.paths.project, undefined);
  assert.equal(adapter.hooks!.paths.project, undefined);
});
