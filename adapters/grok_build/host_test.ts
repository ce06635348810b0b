import { test } from "node:test";
import assert from "node:assert/strict";
import { payloadFor } from "../../tests/_helpers/payloads.ts";
import { resolveHookHost } from "../runtime_detect.ts";
import { type PathContext, resolvePath } from "../paths.ts";
import { grokHome } from "./home.ts";
import { adapter } from "./mod.ts";

test("Grok's calls through Claude Code's and Cursor's hook files are Grok's", async () => {
  const grok = payloadFor("grok-build", "PreToolUse");
  for (const file of ["claude-code", "cursor"]) {
    assert.deepEqual(await resolveHookHost(file, grok, {}), {
      platform: "grok-build",
      via: "payload",
    });
  }
  // Grok's runner marks its hook processes, whatever the payload.
  assert.equal(
    (await resolveHookHost("claude-code", payloadFor("claude-code", "Stop"), {
      GROK_HOOK_EVENT: "stop",
      GROK_WORKSPACE_ROOT: "/src",
    })).platform,
    "grok-build",
  );
  assert.equal(
    (await resolveHookHost("claude-code", payloadFor("claude-code", "Stop"), {})).platform,
    "claude-code",
  );
});

test("Grok Build's files sit in $GROK_HOME or ~/.grok on every OS", () => {
  const ctx = (os: PathContext["os"], env: Record<string, string> = {}): PathContext =>
    os === "win32"
      ? { home: "C:\\Users\\ann", projectDir: "C:\\src", env, os }
      : { home: "/Users/ann", projectDir: "/src", env, os };
  assert.equal(resolvePath(grokHome, ctx("win32")), "C:\\Users\\ann\\.grok");
  assert.equal(
    resolvePath(adapter.hooks!.paths.user!, ctx("darwin")),
    "/Users/ann/.grok/hooks/agent-connector.json",
  );
  assert.equal(
    resolvePath(adapter.server!.paths.user!, ctx("linux", { GROK_HOME: "/srv/grok" })),
    "/srv/grok/config.toml",
  );
});
